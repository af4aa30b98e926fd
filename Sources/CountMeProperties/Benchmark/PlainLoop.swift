import CountMeContract
import CountMeCore
import CountMeGenerators
import Foundation
import Generators

/// The baseline the benchmark compares P2 with: a plain Swift loop building `FoodItem`s from random numbers.
///
/// The baseline the benchmark compares property P2 with: a plain Swift loop that builds `FoodItem`s
/// from raw random numbers, about half of them invalid (empty names, calories and macros out of
/// range, NaN), and counts the rejections.
///
/// It has no generator, no tags, no recording and no oracle: the least a check of P2's rule can cost, so `P2
/// cases/s ÷ loop cases/s` says what the harness's machinery costs on top.
enum PlainLoop {
  /// Names the loop picks from: visible, empty, and whitespace only.
  private static let names = ["Apple", "Oats with milk", "", " \t", "Ω"]
  private static let id = UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))
  private static let date = Date(timeIntervalSince1970: 1_767_225_600)

  /// Runs `count` iterations from `seed`; returns how many inputs were rejected (so the work is not
  /// optimised away).
  static func run(count: Int, seed: UInt64) -> Int {
    var random = Xoshiro256(seed: seed)
    var rejected = 0
    for _ in 0..<count {
      let bits = random.next()
      let calories = Double(Int64(bitPattern: random.next() % 120_000) - 10_000)
      let macro: Double? = bits & 8 == 0 ? nil : Double((bits >> 40) % 1_500) - 100
      do {
        _ = try FoodItem(
          id: id, name: names[Int(bits % 5)], calories: bits & 0xF0 == 0 ? .nan : calories, timestamp: date,
          protein: macro, carbohydrates: bits & 32 == 0 ? nil : 12, fats: macro, lastModified: date)
      } catch {
        rejected += 1
      }
    }
    return rejected
  }
}
