/// One user's devices holding old and new data, running seed 002's retention and syncing: the input
/// of the retention properties (F26–F28).
///
/// Every time is a whole number of milliseconds, relative to the scenario's start (real time 0):
/// a log's date, a meal's or the goal's age, a device's clock skew, time passing. Ages cluster at
/// the 90-day boundary (90 days exactly, a millisecond either side, an hour and a day before), so
/// the boundary is hit, not only approached.
public struct RetentionScenario: Sendable, Equatable {
  /// A daily log present everywhere at the start.
  public struct Log: Sendable, Equatable {
    /// How long before the start its date is, in milliseconds.
    public var age: Int
    /// How long before the start it was last modified, in milliseconds (independent of its date:
    /// an old day's log may have been edited recently).
    public var modifiedAge: Int

    /// Creates a `Log` from its parts.
    public init(age: Int, modifiedAge: Int) {
      self.age = age
      self.modifiedAge = modifiedAge
    }
  }

  /// One thing that happens.
  public enum Step: Sendable, Equatable {
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
  }

  /// How far each device's clock is ahead of real time (behind when negative), in milliseconds.
  public var skews: [Int]
  /// The daily logs, in slot order.
  public var logs: [Log]
  /// The custom meals' ages (created and last modified that long before the start), in slot order.
  public var mealAges: [Int]
  /// The goal's age (set that long before the start), or nil when no goal is set at the start.
  public var goalAge: Int?
  /// The steps, in order.
  public var steps: [Step]

  /// Creates a `RetentionScenario` from its parts.
  public init(skews: [Int], logs: [Log], mealAges: [Int], goalAge: Int?, steps: [Step]) {
    self.skews = skews
    self.logs = logs
    self.mealAges = mealAges
    self.goalAge = goalAge
    self.steps = steps
  }

  /// A day, in milliseconds.
  public static let day = 86_400_000
  /// Seed 002's retention period, 90 days, in milliseconds.
  public static let period = 90 * day
  /// Ages at and around the boundary, and far from it on either side.
  public static let boundaryAges = [
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
  public static let retentionScenario = Generator<RetentionScenario> { source in
    let devices = try source.draw(int(in: 2...3))
    let skew = frequency([
      (3, constant(0)), (1, element(of: [1, -1, 3_600_000, -3_600_000, 43_200_000, -43_200_000])),
    ])
    let skews = try (0..<devices).map { _ in try source.draw(skew) }
    let log = zip(retentionAge, frequency([(1, constant(0)), (1, retentionAge)])).map {
      RetentionScenario.Log(age: $0, modifiedAge: $1)
    }
    let logs = try source.draw(array(of: log, count: 1...4, averageExtra: 1))
    let meals = try source.draw(array(of: retentionAge, count: 0...2, averageExtra: 1))
    let goalAge = try source.draw(optional(retentionAge, nilProbability: 0.3))
    let device = int(in: 0...(devices - 1))
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
    ])
    return RetentionScenario(
      skews: skews, logs: logs, mealAges: meals, goalAge: goalAge,
      steps: try source.draw(array(of: step, count: 0...30, averageExtra: 10)))
  }
}
