/// The units the 温度単位 screen offers, with the titles the tutorial shows.
enum TemperatureUnit: CaseIterable {
  case celsius
  case fahrenheit

  var title: String {
    switch self {
    case .celsius: "摂氏（°C）"
    case .fahrenheit: "華氏（°F）"
    }
  }
}

/// What the two screens show and change. An app would keep it in `UserDefaults`; the
/// tutorial keeps it in memory and hands the same object to both controllers.
final class Settings {
  var temperatureUnit = TemperatureUnit.celsius
}
