import CountMeContract
import CountMeGenerators
import Generators

extension Hardening {
  /// Property 9: Valid DailyLog construction succeeds (valid arguments build a model holding exactly them).
  static let validDailyLog = ModelProperties.acceptance(
    "P9", "Valid DailyLog construction succeeds", validates: ["5.3", "5.4"], Gen.validDailyLog,
    ModelSchemas.dailyLog, layer: .dailyLogs, make: { try $0.dailyLogs.makeDailyLog($1) })
}
