/// The few statistics the benchmark reports: medians of repeated measurements, and ratios of
/// measurements taken side by side.
enum Statistics {
  /// The median of some values (the mean of the middle two for an even count); 0 for none.
  static func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// The median of the ratios `numerators[i] / denominators[i]` of pairs measured one right
  /// after the other, so that a slow moment of the machine affects both sides of a pair.
  static func medianRatio(_ numerators: [Double], _ denominators: [Double]) -> Double {
    median(zip(numerators, denominators).compactMap { $1 > 0 ? $0 / $1 : nil })
  }
}

/// Formatting of figures for the report.
enum Format {
  /// `value` with `digits` decimals: `fixed(1.23456, 2)` is "1.23".
  static func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let negative = value < 0
    let scaled = Int((abs(value) * scale).rounded())
    let whole = scaled / Int(scale)
    var text = grouped(whole)
    if digits > 0 {
      var fraction = String(scaled % Int(scale))
      while fraction.count < digits { fraction = "0" + fraction }
      text += "." + fraction
    }
    return negative && scaled != 0 ? "-" + text : text
  }

  /// An integer with thousands separators: 1234567 is "1,234,567".
  static func grouped(_ value: Int) -> String {
    let digits = Array(String(abs(value)))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text += "," }
      text.append(digit)
    }
    return value < 0 ? "-" + text : text
  }

  /// Seconds as milliseconds: "1.23 ms".
  static func milliseconds(_ seconds: Double) -> String {
    fixed(seconds * 1000, seconds < 0.01 ? 3 : 2) + " ms"
  }

  /// Seconds as microseconds: "12.3 µs".
  static func microseconds(_ seconds: Double) -> String {
    fixed(seconds * 1e6, 1) + " µs"
  }

  /// A ratio: "1.23×".
  static func ratio(_ value: Double) -> String {
    // Two significant digits at least: a ratio of 0.003 must not read as 0.00.
    let digits = value >= 0.1 || value == 0 ? 2 : value >= 0.01 ? 3 : 4
    return fixed(value, digits) + "×"
  }

  /// Kibibytes as mebibytes: "12.3 MiB".
  static func mebibytes(kibibytes: Int) -> String {
    fixed(Double(kibibytes) / 1024, 1) + " MiB"
  }
}
