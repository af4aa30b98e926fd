import FirestoreCloud
import Foundation
import Generators

extension Gen {
  /// Any `Date` a model may hold, weighted toward where converting it to a Firestore timestamp can go wrong.
  ///
  /// Shrinks toward 2026-01-01: - whole-millisecond dates from 2002 to 2050 (`Gen.date`), and
  /// whole-microsecond ones; - dates within a day of 2001-01-01, where a `Date` is finer than a nanosecond,
  /// including fractions a hair below a whole second (the nanoseconds round up to the next second); - the
  /// last second before 10000-01-01 and beyond it, before 0001-01-01, and NaN and ±infinity.
  package static let anyDate: Generator<Date> = frequency([
    (2, date),
    (
      2,
      zip(int(in: -86_400...86_400), int(in: 0...999_999)).map { s, µs in
        since2001(Double(s) + Double(µs) / 1e6)
      }
    ),
    (
      2,
      zip(int(in: -86_400...86_400), uint64(upTo: (1 << 52) - 1)).map { s, bits in
        since2001(Double(s) + Double(bits) / 0x1p52)
      }
    ),
    (
      2,
      zip(int(in: -86_400...86_400), int(in: 1...2_000)).map { s, tenths in
        since2001(Double(s) + 1 - Double(tenths) * 1e-11)
      }
    ),
    (
      1,
      zip(int(in: 0...999_999), int(in: 0...1)).map { µs, beyond in
        since2001(FirestoreTime.lastSecondSince2001 + Double(beyond) + Double(µs) / 1e6)
      }
    ),
    (
      1,
      element(of: [
        FirestoreTime.lastSecondSince2001 + 1 - 1e-10, FirestoreTime.lastSecondSince2001 + 86_400 * 365, 1e15,
        -1e15, FirestoreTime.firstSecondSince2001, FirestoreTime.firstSecondSince2001 - 0.5, .nan, .infinity,
        -.infinity, 0,
      ]).map(since2001)
    ),
  ])

  private static func since2001(_ seconds: Double) -> Date { Date(timeIntervalSinceReferenceDate: seconds) }
}
