import CountMeContract
import PropertyHarness

extension MutantCatalog {
  /// The mutants of the Firestore codec: decoders and encoders.
  static let codecMutants: [Mutant] = [
    decoder(
      "decoder-skips-calories-range", "FoodItem.fromFirestoreData never range-checks calories",
      .skipsCaloriesRange, killedBy: "P11"),
    decoder(
      "decoder-skips-ingredient-quantity",
      "ingredients inside a CustomMeal document not checked for quantity", .skipsIngredientQuantity,
      killedBy: "P11"),
    decoder(
      "decoder-reads-near-uuids",
      "ids read by Linux Foundation's UUID(uuidString:): \"+0000000-0000-…\" names the entity 00000000-0000-…",
      .readsNearUUIDs, killedBy: "P11"),
    decoder(
      "decoder-carries-nanoseconds",
      "a timestamp read as seconds + nanoseconds/1e9: -1 ns and 1,000,000,000 ns, which Firestore refuses, decode",
      .carriesNanoseconds, killedBy: "P11"),
    decoder(
      "decoder-accepts-empty-ingredients", "a CustomMeal document with no ingredients decodes",
      .acceptsEmptyIngredients, killedBy: "P11"),
    decoder(
      "decoder-rejects-integers",
      "numbers read with `as? Double` only: integers written by other clients refused", .rejectsIntegers,
      killedBy: "P12"),
    decoder(
      "decoder-accepts-bool-as-number", "`true` read as 1 (on Linux `NSNumber(value: 1) is Bool`)",
      .acceptsBoolAsNumber, killedBy: "P11"),
    decoder(
      "decoder-drops-wrong-type-optional", "an optional of the wrong type silently becomes nil",
      .dropsWrongTypeOptional, killedBy: "P11"),
    decoder(
      "decoder-rewrites-unknown-exercise-type", "an unknown exercise type is rewritten to walking",
      .rewritesUnknownExerciseType, killedBy: "P12"),
    decoder(
      "decoder-ignores-owner", "a document with an empty userId is accepted", .ignoresOwner, killedBy: "P11"),
    decoder(
      "decoder-drops-protein", "FoodItem.fromFirestoreData never reads protein", .dropsProtein,
      killedBy: "P12"),
    decoder(
      "decoder-nan-explained-as-negative",
      "a NaN in a document reported as a negative value: the right field, the wrong rule",
      .nanExplainedAsNegative, killedBy: "P11"),
    decoder(
      "decoder-out-of-range-explained-as-missing", "a value that breaks a rule reported as a missing field",
      .outOfRangeExplainedAsMissing, killedBy: "P11"),
    decoder(
      "decoder-reads-geopoint-as-number", "a geo point in a number field read as its latitude",
      .readsGeoPointAsNumber, killedBy: "P11"),
    decoder(
      "decoder-rejects-unknown-value-types", "a geo point, reference or bytes under an unknown key refused",
      .rejectsUnknownValueTypes, killedBy: "P12"),
    decoder(
      "decoder-dates-round-past-9999",
      "Firestore's last instant read as the nearest Date, 10000-01-01, which Firestore cannot store",
      .datesRoundPastLastSecond, killedBy: "P12"),
    decoder(
      "decoder-refuses-nsnumber", "numbers read as Swift values only: the iOS SDK's NSNumber refused",
      .refusesNSNumber, killedBy: "P12"),
    decoder(
      "decoder-truncates-int64", "64-bit integers read through a 32-bit Int: Int64.max calories become -1",
      .truncatesInt64, killedBy: "P11"),
    decoder(
      "decoder-truncates-goal-fraction", "a goal of 1999.5 read as 1999 where a whole number belongs",
      .goalFractionTruncated, killedBy: "P11"),
    decoder(
      "decoder-refuses-whole-double-goal", "a goal read with `as? Int` only: 2000.0 from a client refused",
      .goalWholeDoubleRefused, killedBy: "P12"),
    encoder(
      "encoder-total-is-net-calories", "a daily log's total written as food minus exercise calories",
      .totalIsNetCalories, killedBy: "P22"),
    encoder(
      "encoder-drops-zero-macros", "a macro of 0 g left out of the document, so it reads back as none",
      .dropsZeroMacros, killedBy: "P22"),
    encoder(
      "encoder-timestamp-in-milliseconds", "dates written as whole milliseconds since 1970, truncated",
      .timestampInMilliseconds, killedBy: "P27"),
    encoder(
      "encoder-goal-as-double", "the goal written as a Double where seed 002's schema says Int",
      .goalAsDouble, killedBy: "P22"),
    androidFormat(
      "android-epoch-day-in-utc", "a log's epoch day counted in UTC, not in the user's time zone",
      .epochDayInUTC, killedBy: "X1.3"),
    androidFormat(
      "android-day-start-unchecked",
      "a day's start read as local midnight by the offset at midnight UTC, wrong where clocks skip or repeat it",
      .naiveStartOfDay, killedBy: "X1.3"),
    androidFormat(
      "android-seconds-rounded", "updatedAt rounded to the nearest second where Android truncates",
      .secondsRounded, killedBy: "X2.2"),
    androidFormat(
      "android-updated-at-as-milliseconds", "updatedAt read as milliseconds since 1970",
      .updatedAtAsMilliseconds,
      killedBy: "X2.3"),
    androidFormat(
      "android-negative-day-rejected", "a log dated before 1970 (a negative epoch day) refused",
      .rejectsNegativeDays, killedBy: "X2.3"),
    androidFormat(
      "android-day-range-unchecked", "a day beyond what Firestore's instants reach read as any other",
      .dayRangeUnchecked, killedBy: "X1.6"),
    androidFormat(
      "android-accepts-whole-double-day",
      "a whole floating-point day (19792.0) read as the integer Android writes",
      .acceptsWholeDoubleDay, killedBy: "X1.6"),
    androidFormat(
      "android-field-under-ios-name", "the time of the last change written as lastModified, the iOS name",
      .iOSFieldName, killedBy: "X2.4"),
    androidFormat(
      "android-upper-case-ids",
      "ids written as Swift's uuidString, upper case, where Android writes lower case",
      .upperCaseIds, killedBy: "X2.4"),
    saveFeedback(
      "feedback-timeout-not-network",
      "a timed-out save gets the generic message, not \"check your internet connection\"",
      .timeoutNotNetwork, killedBy: "X4.3"),
    saveFeedback(
      "feedback-denied-as-network",
      "a save the rules refuse is told as a network problem, not \"please sign in again\"",
      .deniedAsNetwork, killedBy: "X4.3"),
    saveFeedback(
      "feedback-offline-save-reported-failed",
      "a save kept and queued offline is told \"Failed to save: Check your internet connection\"",
      .offlineSaveReportedFailed, killedBy: "X1.5"),
  ]

  static func saveFeedback(
    _ name: String, _ bug: String, _ kind: SaveFeedbackMutant.Bug, killedBy killer: PropertyID
  ) -> Mutant {
    Mutant(name: name, bug: bug, layer: .saveFeedback, killer: killer, system: SaveFeedbackMutant(kind))
  }

  static func androidFormat(
    _ name: String, _ bug: String, _ kind: AndroidFormatMutant.Bug, killedBy killer: PropertyID
  ) -> Mutant {
    Mutant(name: name, bug: bug, layer: .androidFormat, killer: killer, system: AndroidFormatMutant(kind))
  }
}
