/// A question for the user that needs typed text: the new value of a text field, a number in
/// a range, a date. A controller presents it with ``ViewController/requestTextInput(_:)``
/// and the front end asks it, like an alert with a text field in UIKit.
public final class TextInputRequest {
  /// What the user answered.
  public enum Result: Equatable, Sendable {
    /// The text typed (for multi-line requests, the lines joined with "\n").
    case entered(String)
    /// The user answered nothing, or pressed Ctrl-C: keep what there was.
    case cancelled
  }

  /// What is asked, shown as the prompt: "Name".
  public var title: String
  /// Lines shown before asking: the current value, the allowed range, how to cancel.
  public var message: String?
  /// The text the answer starts with, to edit or keep (a text field's current text, as
  /// UIKit shows it in the field); `nil` starts empty. A front end leaves it out of a secure
  /// request and of a multi-line one.
  public var text: String?
  /// Whether the input is hidden as it is typed and kept out of history.
  public var isSecure: Bool
  /// Whether the answer is several lines, ended by a line holding a single ".".
  public var isMultiline: Bool
  /// Checks an answer: `nil` when it is fine, else what is wrong and what is allowed.
  public var validate: (String) -> String?
  /// Receives the answer once it is valid, or `.cancelled`.
  public var completion: (Result) -> Void

  /// Creates a request.
  public init(
    title: String, message: String? = nil, text: String? = nil, isSecure: Bool = false,
    isMultiline: Bool = false, validate: @escaping (String) -> String? = { _ in nil },
    completion: @escaping (Result) -> Void
  ) {
    self.title = title
    self.message = message
    self.text = text
    self.isSecure = isSecure
    self.isMultiline = isMultiline
    self.validate = validate
    self.completion = completion
  }
}

extension ViewController {
  /// Asks the user for text. The front end shows the request after the current event and
  /// calls its completion with the answer.
  public func requestTextInput(_ request: TextInputRequest) {
    navigationController?.presentTextInput(request)
  }
}

extension NavigationController {
  /// Presents a text request; a later request replaces one that was not answered yet.
  public func presentTextInput(_ request: TextInputRequest) {
    presentedTextInput = request
  }

  /// Takes the presented text request, leaving none presented; the front end that asks it
  /// calls this.
  package func takePresentedTextInput() -> TextInputRequest? {
    defer { presentedTextInput = nil }
    return presentedTextInput
  }
}
