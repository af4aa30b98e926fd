import CountMeCore
import Foundation

/// What a user's data keeps as it ages (seed 002's retention) and how two places' data merge.
///
/// Judged by F26 (with the device sync, through the cloud), F27 and F28 (and F21).
public protocol RetentionLayer: SystemUnderTest {
  /// A device's or the cloud's data after retention runs at `now`, that place's clock.
  func applyRetention(to data: UserData, now: Date) -> UserData
  /// A place's data after taking in another's, as a sync does both ways.
  func mergeUserData(_ data: UserData, from other: UserData) -> UserData
}
