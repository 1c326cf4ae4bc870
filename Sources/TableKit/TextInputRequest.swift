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

  /// What kind of question it is; the front end words it (how to answer, how to keep the
  /// value, how to cancel) in its own language.
  public enum Kind: Equatable, Sendable {
    /// A new value; an empty answer keeps the current one.
    case value
    /// An item of a list: `number` counts from 1 (`nil` for a new item); `isEditable` when a
    /// new value may be typed; `removal` is the answer that removes the item, if it may be
    /// removed.
    case listItem(number: Int?, isEditable: Bool, removal: String?)
    /// A yes-or-no question, as an alert with two actions: `confirm` and `deny` are their
    /// titles. A yes is `.entered` (the answer typed), a no is `.cancelled`.
    case confirmation(confirm: String, deny: String)
  }

  /// The value the question changes, as the front end shows it before asking.
  public enum CurrentValue: Equatable, Sendable {
    /// No value at all.
    case none
    /// Empty text; `example` is a sample answer (a text field's placeholder).
    case empty(example: String?)
    /// A value that is set but not shown (a secure text field's).
    case hidden
    /// A value shown as it is: a number, a date, an item.
    case value(String)
    /// Typed text, shown quoted (or, for a multi-line request, as its lines).
    case text(String)
  }

  /// What is asked, shown as the prompt: "Name".
  public var title: String
  /// Lines of the screen's own shown before asking (an alert's message).
  public var message: String?
  /// What kind of question it is.
  public var kind: Kind
  /// The value the question changes, or `nil` to show none.
  public var current: CurrentValue?
  /// What an answer may be, in words ("a number from 0 to 10"), or `nil`.
  public var expected: String?
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
    title: String, message: String? = nil, kind: Kind = .value, current: CurrentValue? = nil,
    expected: String? = nil, isSecure: Bool = false, isMultiline: Bool = false,
    validate: @escaping (String) -> String? = { _ in nil },
    completion: @escaping (Result) -> Void
  ) {
    self.title = title
    self.message = message
    self.kind = kind
    self.current = current
    self.expected = expected
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
