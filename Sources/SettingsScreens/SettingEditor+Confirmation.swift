import FileFormats
import SchemaKit
import SettingsKit
import TableKit

extension SettingEditor {
  /// The question a toggle asks before it changes, from its `TrueConfirmationPrompt` (when
  /// it is turned on) or `FalseConfirmationPrompt` (turned off), as InAppSettingsKit asks it:
  /// the prompt's `Title` and `Prompt`, answered with its `ConfirmText` (default OK) or
  /// `DenyText` (default Cancel). `nil` when the toggle has no such prompt.
  ///
  /// - Parameters:
  ///   - specifier: The toggle.
  ///   - turningOn: Whether the change turns it on.
  ///   - title: The toggle's title as shown, for a prompt without a `Title`.
  ///   - localized: Localizes the prompt's texts in the page's table.
  ///   - messages: SettingsKit's words, for the default answers.
  ///   - confirmed: Called when the user confirms the change.
  /// - Returns: The question, or `nil` when the toggle changes without asking.
  static func confirmation(
    for specifier: Specifier, turningOn: Bool, title: String,
    localized: (String) -> String, messages: SettingsMessages, confirmed: @escaping () -> Void
  ) -> TextInputRequest? {
    guard let prompt = specifier.confirmationPrompt(turningOn: turningOn) else { return nil }
    func text(_ key: String) -> String? { prompt[key]?.stringValue.map(localized) }
    let confirm = text("ConfirmText") ?? messages.text(.confirmDefault)
    let deny = text("DenyText") ?? messages.text(.denyDefault)
    return TextInputRequest(
      title: text("Title") ?? title, message: text("Prompt"),
      kind: .confirmation(confirm: confirm, deny: deny),
      completion: { result in
        if case .entered = result { confirmed() }
      })
  }
}
