import FileFormats
import GSettings
import SchemaKit
import SettingsKit

extension GSettingsScreens {
  /// What `? N` says of a GSettings key beyond its row (the model's
  /// ``SettingsKit/SettingsModel/detailLines``): its GVariant type, its description in the
  /// model's language (translated through the schema's gettext domain, as its title is),
  /// its range where the row does not show it, and whether it may be changed and, when not,
  /// why. No lines for a key that is none of GSettings'.
  package func detailLines(forKey key: String, model: SettingsModel) -> [String] {
    guard let setting = settings[key] else { return [] }
    let messages = GSettingsMessages.forLanguage(model.language)
    var lines = [messages.text(.describeType, setting.key.type)]
    if let description = descriptions[key] {
      let shown = schema.pages[setting.pageName].map { model.localized(description, on: $0) }
      lines.append(messages.text(.describeDescription, shown ?? description))
    }
    let locked = unwritable.contains(key)
    switch setting.key.range {
    case .flags(let nicks) where locked:
      lines.append(messages.text(.describeFlags, nicks.joined(separator: ", ")))
    case .choices(let nicks) where locked:
      lines.append(messages.text(.describeChoices, nicks.joined(separator: ", ")))
    case .numbers(let minimum, let maximum) where locked:
      lines.append(
        messages.text(
          .describeRange, SpecifierValues.text(of: minimum), SpecifierValues.text(of: maximum)))
    default:
      break
    }
    lines.append(
      locked ? messages.text(.describeLocked, key) : messages.text(.describeWritable))
    return lines
  }
}
