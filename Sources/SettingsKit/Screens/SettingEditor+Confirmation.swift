import FileFormats
import SchemaKit
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
  ///   - confirmed: Called when the user confirms the change.
  /// - Returns: The question, or `nil` when the toggle changes without asking.
  static func confirmation(
    for specifier: Specifier, turningOn: Bool, title: String,
    localized: (String) -> String, confirmed: @escaping () -> Void
  ) -> TextInputRequest? {
    guard let prompt = specifier.confirmationPrompt(turningOn: turningOn) else { return nil }
    func text(_ key: String) -> String? { prompt[key]?.stringValue.map(localized) }
    let confirm = text("ConfirmText") ?? "OK"
    let deny = text("DenyText") ?? "Cancel"
    let answers = "Type y (\(confirm)) to go on, or n (\(deny))."
    let message = [text("Prompt"), answers].compactMap { $0 }.joined(separator: "\n")
    func isYes(_ answer: String) -> Bool {
      ["y", "yes", confirm.lowercased()].contains(answer.lowercased())
    }
    func isNo(_ answer: String) -> Bool {
      ["n", "no", deny.lowercased()].contains(answer.lowercased())
    }
    return TextInputRequest(
      title: text("Title") ?? title, message: message,
      validate: { isYes($0) || isNo($0) ? nil : "'\($0)' is no answer. \(answers)" },
      completion: { result in
        if case .entered(let answer) = result, isYes(answer) { confirmed() }
      })
  }
}
