import Generators

/// One user's devices holding old and new data, running retention and syncing.
///
/// One user's devices holding old and new data, running seed 002's retention, adding food to and
/// removing it from a day's log, and syncing: the input of the retention properties (F26–F28) and of
/// F21's devices.
///
/// Every time is a whole number of milliseconds, relative to the scenario's start (real time 0):
/// a log's date, a meal's or the goal's age, a device's clock skew, time passing. Ages cluster at
/// the 90-day boundary (90 days exactly, a millisecond either side, an hour and a day before), so
/// the boundary is hit, not only approached.
package struct RetentionScenario: Sendable, Equatable {
  /// A daily log present everywhere at the start.
  package struct Log: Sendable, Equatable {
    /// How long before the start its date is, in milliseconds.
    package var age: Int
    /// How long before the start it was last modified, in milliseconds (independent of its date:
    /// an old day's log may have been edited recently).
    package var modifiedAge: Int

    /// Creates a `Log` from its parts.
    package init(age: Int, modifiedAge: Int) {
      self.age = age
      self.modifiedAge = modifiedAge
    }
  }

  /// One thing that happens.
  package enum Step: Sendable, Equatable {
    /// A device runs retention at its own clock's time.
    case retention(device: Int)
    /// A device syncs: the cloud takes in its data, then it takes in the cloud's.
    case sync(device: Int)
    /// Real time passes.
    case advance(milliseconds: Int)
    /// A device's user edits daily log `slot`, setting its goal to `goal` (if the device shows it).
    case editLog(device: Int, slot: Int, goal: Int)
    /// A device's user sets the daily calorie goal.
    case setGoal(device: Int, calories: Int)
    /// A device's user adds food item `item` of `calories` to daily log `log`.
    ///
    /// A device's user adds food item `item` (one of `itemsPerLog`, each log's own) of `calories`
    /// to daily log `log`, or changes it if the log holds it already (if the device shows the log).
    case addFood(device: Int, log: Int, item: Int, calories: Int)
    /// A device's user removes food item `item` from daily log `log` (if the device's log holds it).
    case removeFood(device: Int, log: Int, item: Int)
  }

  /// How far each device's clock is ahead of real time (behind when negative), in milliseconds.
  package var skews: [Int]
  /// The daily logs, in slot order.
  package var logs: [Log]
  /// The custom meals' ages (created and last modified that long before the start), in slot order.
  package var mealAges: [Int]
  /// The goal's age (set that long before the start), or nil when no goal is set at the start.
  package var goalAge: Int?
  /// The steps, in order.
  package var steps: [Step]

  /// Creates a `RetentionScenario` from its parts.
  package init(skews: [Int], logs: [Log], mealAges: [Int], goalAge: Int?, steps: [Step]) {
    self.skews = skews
    self.logs = logs
    self.mealAges = mealAges
    self.goalAge = goalAge
    self.steps = steps
  }

  /// The food items a log's `addFood` and `removeFood` steps choose from.
  package static let itemsPerLog = 3

  /// A day, in milliseconds.
  package static let day = 86_400_000
  /// Seed 002's retention period, 90 days, in milliseconds.
  package static let period = 90 * day
  /// Ages at and around the boundary, and far from it on either side.
  static let boundaryAges = [
    0, day, period - day, period - 3_600_000, period - 1, period, period + 1, period + day, 400 * day,
  ]
}

extension Gen {
  /// An age in milliseconds: one of `RetentionScenario.boundaryAges` (shrinking toward 0) three
  /// times in four, else anything up to ten years.
  static let retentionAge = frequency([
    (3, element(of: RetentionScenario.boundaryAges)),
    (1, int(in: 0...(3_650 * RetentionScenario.day))),
  ])

  /// Scenarios of 2–3 devices with skews of up to ±12 h (mostly none), 1–4 logs, 0–2 meals, maybe
  /// a goal, and up to 30 steps.
  package static let retentionScenario = retentionScenario(logs: 1...4, food: 1)

  /// Scenarios as `retentionScenario`'s, about food in a day's log.
  ///
  /// Scenarios as `retentionScenario`'s, but about food in a day's log: 1–2 logs, and adding and
  /// removing food four times as likely, so that a removal after a sync is common.
  package static let logFoodScenario = retentionScenario(logs: 1...2, food: 4)

  /// Scenarios of `logs` logs whose `addFood` and `removeFood` steps are `food` times as likely
  /// as in `retentionScenario`.
  private static func retentionScenario(logs logCount: ClosedRange<Int>, food weight: Int) -> Generator<
    RetentionScenario
  > {
    Generator { source in
      let devices = try source.draw(int(in: 2...3))
      let skew = frequency([
        (3, constant(0)), (1, element(of: [1, -1, 3_600_000, -3_600_000, 43_200_000, -43_200_000])),
      ])
      let skews = try (0..<devices).map { _ in try source.draw(skew) }
      let log = zip(retentionAge, frequency([(1, constant(0)), (1, retentionAge)])).map {
        RetentionScenario.Log(age: $0, modifiedAge: $1)
      }
      let logs = try source.draw(array(of: log, count: logCount, averageExtra: 1))
      let meals = try source.draw(array(of: retentionAge, count: 0...2, averageExtra: 1))
      let goalAge = try source.draw(optional(retentionAge, nilProbability: 0.3))
      let device = int(in: 0...(devices - 1))
      // A device, a log and one of its items.
      let food = zip(
        zip(device, int(in: 0...(logs.count - 1))), int(in: 0...(RetentionScenario.itemsPerLog - 1))
      )
      .map { ($0.0, $0.1, $1) }
      let step: Generator<RetentionScenario.Step> = frequency([
        (3, device.map { .retention(device: $0) }),
        (3, device.map { .sync(device: $0) }),
        (3, element(of: [1, 3_600_000, RetentionScenario.day]).map { .advance(milliseconds: $0) }),
        (
          2,
          zip(device, int(in: 0...(logs.count - 1))).flatMap { d, s in
            int(in: 0...5_000).map { .editLog(device: d, slot: s, goal: $0) }
          }
        ),
        (1, zip(device, int(in: 0...5_000)).map { .setGoal(device: $0, calories: $1) }),
        (
          2 * weight,
          zip(food, int(in: 0...1_000)).map { .addFood(device: $0.0, log: $0.1, item: $0.2, calories: $1) }
        ),
        (weight, food.map { .removeFood(device: $0, log: $1, item: $2) }),
      ])
      return RetentionScenario(
        skews: skews, logs: logs, mealAges: meals, goalAge: goalAge,
        steps: try source.draw(array(of: step, count: 0...30, averageExtra: 10)))
    }
  }
}
