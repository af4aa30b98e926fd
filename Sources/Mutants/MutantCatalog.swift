/// Every mutant, by name.
public enum MutantCatalog {
  public static let all: [Mutant] = [
    model(
      "calories-max-exclusive", "`calories < 50_000` where the requirement allows 50,000",
      .caloriesMaxExclusive),
    model(
      "calories-allow-one-more", "calories checked against 50,001: just above the maximum passes",
      .caloriesAllowOneMore),
    model("quantity-allows-zero", "`quantity >= 0` instead of `> 0`", .quantityAllowsZero),
    model("quantity-minimum-one", "quantity must be at least 1, rejecting half a cup", .quantityMinimumOne),
    model("duration-max-1439", "duration checked against 1,439 minutes", .durationMax1439),
    model("duration-max-1441", "duration checked against 1,441 minutes", .durationMax1441),
    model("name-not-trimmed", "only the empty string counts as an empty name", .nameNotTrimmed),
    model(
      "name-ascii-spaces-trimmed", "only ASCII spaces trimmed: a tab or newline name passes",
      .nameOnlyASCIISpacesTrimmed),
    model(
      "invisible-name-accepted", "whitespace trimmed, but zero-width and format characters count as visible",
      .invisibleNameAccepted),
    model("fats-never-checked", "protein and carbohydrates checked, fats forgotten", .fatsNeverChecked),
    model(
      "macros-only-when-all-present", "macros checked only when all three are given",
      .macrosOnlyWhenAllPresent),
    model(
      "nan-calories-accepted", "`guard !(calories < 0), !(calories > max)` lets NaN through",
      .nanCaloriesAccepted),
    model(
      "wrong-error-above-max", "negativeCalories thrown for calories above the maximum", .wrongErrorAboveMax),
    model("servings-allow-zero", "`servingsCount >= 0`", .servingsAllowZero),
    model("empty-ingredients-accepted", "a meal with no ingredients is built", .emptyIngredientsAccepted),
    model("goal-max-exclusive", "`dailyGoal < 50_000`", .goalMaxExclusive),
    model("negative-goal-accepted", "only the upper bound of the goal checked", .negativeGoalAccepted),
    model(
      "ingredient-macros-unchecked", "Ingredient skips the macro rules FoodItem has",
      .ingredientMacrosUnchecked),
    model("exercise-name-unchecked", "ExerciseItem never checks its name", .exerciseNameUnchecked),
    model(
      "meal-drops-last-ingredient", "an off-by-one copying ingredients loses the last one",
      .mealDropsLastIngredient),
    model("calories-rounded", "calories stored rounded to whole numbers", .caloriesRounded),
    decoder(
      "decoder-skips-calories-range", "FoodItem.fromFirestoreData never range-checks calories",
      .skipsCaloriesRange),
    decoder(
      "decoder-skips-ingredient-quantity",
      "ingredients inside a CustomMeal document not checked for quantity", .skipsIngredientQuantity),
    decoder(
      "decoder-accepts-empty-ingredients", "a CustomMeal document with no ingredients decodes",
      .acceptsEmptyIngredients),
    decoder(
      "decoder-rejects-integers",
      "numbers read with `as? Double` only: integers written by other clients refused", .rejectsIntegers),
    decoder(
      "decoder-accepts-bool-as-number", "`true` read as 1 (on Linux `NSNumber(value: 1) is Bool`)",
      .acceptsBoolAsNumber),
    decoder(
      "decoder-drops-wrong-type-optional", "an optional of the wrong type silently becomes nil",
      .dropsWrongTypeOptional),
    decoder(
      "decoder-rewrites-unknown-exercise-type", "an unknown exercise type is rewritten to walking",
      .rewritesUnknownExerciseType),
    decoder("decoder-ignores-owner", "a document with an empty userId is accepted", .ignoresOwner),
    decoder("decoder-drops-protein", "FoodItem.fromFirestoreData never reads protein", .dropsProtein),
    queue("queue-no-capacity-check", "enqueue never checks the capacity", .noCapacityCheck),
    queue(
      "queue-drops-newest", "at capacity the new operation is dropped instead of the oldest", .dropsNewest),
    queue("queue-no-deduplication", "every operation appended, none superseded", .noDeduplication),
    queue(
      "queue-success-removes-by-entity",
      "success removes every operation of the entity (the design document's code)", .successRemovesByEntity),
    queue(
      "queue-stops-at-first-failure", "processing stops at the first failed operation", .stopsAtFirstFailure),
    queue("queue-retries-forever", "maxRetries ignored", .retriesForever),
    queue("queue-backoff-uncapped", "backoff doubles without the 60 s cap", .backoffUncapped),
    queue("queue-backoff-linear", "backoff grows linearly", .backoffLinear),
    queue(
      "queue-retries-permanent-errors", "permission denied and invalid data retried like timeouts",
      .retriesPermanentErrors),
    queue(
      "queue-ignores-offline", "processing runs offline and signed out, spending retries", .ignoresOffline),
    queue(
      "queue-generic-last-error", "exhausted retries recorded as maxRetriesExceeded, not the last real error",
      .genericLastError),
    queue("queue-forgets-superseded", "a superseded operation disappears from the books", .forgetsSuperseded),
    queue(
      "queue-retry-ignores-newer", "a failed operation is re-queued beside a newer one for its entity",
      .retryIgnoresNewer),
    queue(
      "queue-timeout-counts-as-success",
      "a timeout is taken as success, so a write that never landed is lost", .timeoutCountsAsSuccess),
    queue(
      "queue-persistence-drops-last", "persisting the queue drops its last operation", .persistenceDropsLast),
  ]

  /// The mutant called `name`.
  public static func named(_ name: String) -> Mutant? { all.first { $0.name == name } }

  private static func model(_ name: String, _ bug: String, _ kind: ModelMutant.Bug) -> Mutant {
    Mutant(name: name, bug: bug, layer: .models, system: ModelMutant(kind))
  }

  private static func decoder(_ name: String, _ bug: String, _ kind: DecoderMutant.Bug) -> Mutant {
    Mutant(name: name, bug: bug, layer: .decoders, system: DecoderMutant(kind))
  }

  private static func queue(_ name: String, _ bug: String, _ kind: MutantQueue.Bug) -> Mutant {
    Mutant(name: name, bug: bug, layer: .queue, system: QueueMutant(kind))
  }
}
