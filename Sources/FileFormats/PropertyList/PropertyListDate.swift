/// A point in time as property lists store it: seconds since 2001-01-01T00:00:00Z (the
/// reference date of binary property lists), as a `Double`.
///
/// Two dates are equal when their seconds are; they order by time. Written as text by
/// ``ISO8601Date``.
package struct PropertyListDate: Comparable, Hashable, Sendable {
  /// Seconds from 1970-01-01T00:00:00Z to the reference date, 2001-01-01T00:00:00Z.
  package static let referenceDateSince1970: Double = 978_307_200

  /// Seconds since 2001-01-01T00:00:00Z; negative before it.
  package var secondsSinceReferenceDate: Double

  /// The date `seconds` after 2001-01-01T00:00:00Z.
  package init(secondsSinceReferenceDate seconds: Double) {
    secondsSinceReferenceDate = seconds
  }

  /// The date `seconds` after 1970-01-01T00:00:00Z.
  package init(secondsSince1970 seconds: Double) {
    secondsSinceReferenceDate = seconds - Self.referenceDateSince1970
  }

  /// Seconds since 1970-01-01T00:00:00Z; negative before it.
  package var secondsSince1970: Double {
    secondsSinceReferenceDate + Self.referenceDateSince1970
  }

  package static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.secondsSinceReferenceDate < rhs.secondsSinceReferenceDate
  }
}
