/// The keys of a specifier dictionary, each spelled once: those of Apple's Settings
/// Application Schema Reference and those InAppSettingsKit adds.
///
/// Code outside the schema reads a specifier through ``Specifier``'s properties, which read
/// these keys; only the schema module and lint read ``Specifier/raw`` directly.
package enum SpecifierKey {
  // Apple's keys.
  package static let type = "Type"
  package static let title = "Title"
  package static let key = "Key"
  package static let defaultValue = "DefaultValue"
  package static let footerText = "FooterText"
  package static let titles = "Titles"
  package static let shortTitles = "ShortTitles"
  package static let values = "Values"
  package static let file = "File"
  package static let trueValue = "TrueValue"
  package static let falseValue = "FalseValue"
  package static let displaySortedByTitle = "DisplaySortedByTitle"
  package static let isSecure = "IsSecure"
  package static let keyboardType = "KeyboardType"
  package static let autocapitalizationType = "AutocapitalizationType"
  package static let autocorrectionType = "AutocorrectionType"
  package static let minimumValue = "MinimumValue"
  package static let maximumValue = "MaximumValue"
  package static let preferenceSpecifiers = "PreferenceSpecifiers"
  package static let stringsTable = "StringsTable"
  /// settei's JSON form: a child pane's page written inside it.
  package static let children = "Children"

  // InAppSettingsKit's keys.
  /// A list group's specifier for a new item.
  package static let addSpecifier = "AddSpecifier"
  /// A list group's specifier for an item in the list.
  package static let itemSpecifier = "ItemSpecifier"
  /// Whether a list group's items may be deleted.
  package static let deletable = "Deletable"
  /// The placeholder text of a field, or of a list group's add row.
  package static let placeholder = "IASKPlaceholder"
  /// The members of a child pane that open a view controller of the app instead of a page.
  package static let viewControllerClass = "IASKViewControllerClass"
  package static let viewControllerStoryBoardId = "IASKViewControllerStoryBoardId"
  package static let viewControllerStoryBoardFile = "IASKViewControllerStoryBoardFile"
  package static let segueIdentifier = "IASKSegueIdentifier"
  /// The devices a specifier is shown on: `Phone`, `Pad`, `Mac`, `Vision`.
  package static let supportedUserInterfaceIdioms = "SupportedUserInterfaceIdioms"
  /// The questions a toggle asks before it turns on or off (InAppSettingsKit).
  package static let trueConfirmationPrompt = "TrueConfirmationPrompt"
  package static let falseConfirmationPrompt = "FalseConfirmationPrompt"
  /// What a date picker picks: `Date`, `Time` or `DateAndTime` (InAppSettingsKit).
  package static let datePickerMode = "DatePickerMode"
  /// Whether choosing in a multi-value's list returns to the page (InAppSettingsKit).
  package static let quickMultiValueSelection = "IASKQuickMultiValueSelection"
  /// A row's second line: a string, or a dictionary by value (InAppSettingsKit).
  package static let subtitle = "IASKSubtitle"

  // settei's own key, which Settings.app and InAppSettingsKit ignore.
  /// The values of other settings a row is shown for (``VisibleWhen``).
  package static let visibleWhen = "VisibleWhen"
}
