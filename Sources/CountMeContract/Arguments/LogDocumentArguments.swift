import CountMeCore
import Foundation

/// What a daily log's document says, in the model's terms: the log without its items (documents
/// of their own), which it names by id.
///
/// What `AndroidFormatLayer` reads from seed 003's documents.
public struct LogDocumentArguments: Sendable, Equatable {
  /// Its identity, stable across devices.
  public var id: UUID
  /// The owner's uid.
  public var userId: String
  /// The first instant of its day, in the zone it was read in.
  public var date: Date
  /// The ids of the day's food items, in the document's order.
  public var foodItemIds: [UUID]
  /// The ids of the day's exercise items, in the document's order.
  public var exerciseItemIds: [UUID]
  /// Calories eaten that day, as the document states them.
  public var totalCalories: Double
  /// The calorie goal, or nil.
  public var dailyGoal: Double?
  /// When it was last changed.
  public var lastModified: Date

  /// Creates a `LogDocumentArguments` from its parts.
  public init(
    id: UUID, userId: String, date: Date, foodItemIds: [UUID], exerciseItemIds: [UUID],
    totalCalories: Double, dailyGoal: Double?, lastModified: Date
  ) {
    self.id = id
    self.userId = userId
    self.date = date
    self.foodItemIds = foodItemIds
    self.exerciseItemIds = exerciseItemIds
    self.totalCalories = totalCalories
    self.dailyGoal = dailyGoal
    self.lastModified = lastModified
  }
}
