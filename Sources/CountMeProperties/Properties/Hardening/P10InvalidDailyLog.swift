import CountMeContract
import CountMeGenerators
import Generators

extension Hardening {
  /// Property 10: Invalid DailyLog construction is rejected (invalid arguments are rejected with a `ValidationError` naming a rule they break).
  static let invalidDailyLog = ModelProperties.rejection(
    "P10", "Invalid DailyLog construction is rejected", validates: ["5.1", "5.2"], Gen.invalidDailyLog,
    ModelSchemas.dailyLog, layer: .dailyLogs, make: { try $0.dailyLogs.makeDailyLog($1) })
}
