/// The keys of a specifier dictionary, each spelled once: those of Apple's Settings
/// Application Schema Reference and those InAppSettingsKit adds.
///
/// Code outside the schema reads a specifier through ``Specifier``'s properties, which read
/// these keys; only the schema module and lint read ``Specifier/raw`` directly.
public enum SpecifierKey {
  // Apple's keys.
  public static let type = "Type"
  public static let title = "Title"
  public static let key = "Key"
  public static let defaultValue = "DefaultValue"
  public static let footerText = "FooterText"
  public static let titles = "Titles"
  public static let shortTitles = "ShortTitles"
  public static let values = "Values"
  public static let file = "File"
  public static let trueValue = "TrueValue"
  public static let falseValue = "FalseValue"
  public static let displaySortedByTitle = "DisplaySortedByTitle"
  public static let isSecure = "IsSecure"
  public static let keyboardType = "KeyboardType"
  public static let autocapitalizationType = "AutocapitalizationType"
  public static let autocorrectionType = "AutocorrectionType"
  public static let minimumValue = "MinimumValue"
  public static let maximumValue = "MaximumValue"
  public static let preferenceSpecifiers = "PreferenceSpecifiers"
  public static let stringsTable = "StringsTable"
  /// settei's JSON form: a child pane's page written inside it.
  public static let children = "Children"

  // InAppSettingsKit's keys.
  /// A list group's specifier for a new item.
  public static let addSpecifier = "AddSpecifier"
  /// A list group's specifier for an item in the list.
  public static let itemSpecifier = "ItemSpecifier"
  /// Whether a list group's items may be deleted.
  public static let deletable = "Deletable"
  /// The placeholder text of a field, or of a list group's add row.
  public static let placeholder = "IASKPlaceholder"
  /// The members of a child pane that open a view controller of the app instead of a page.
  public static let viewControllerClass = "IASKViewControllerClass"
  public static let viewControllerStoryBoardId = "IASKViewControllerStoryBoardId"
  public static let viewControllerStoryBoardFile = "IASKViewControllerStoryBoardFile"
  public static let segueIdentifier = "IASKSegueIdentifier"
  /// The devices a specifier is shown on: `Phone`, `Pad`, `Mac`, `Vision`.
  public static let supportedUserInterfaceIdioms = "SupportedUserInterfaceIdioms"
  /// The questions a toggle asks before it turns on or off (InAppSettingsKit).
  public static let trueConfirmationPrompt = "TrueConfirmationPrompt"
  public static let falseConfirmationPrompt = "FalseConfirmationPrompt"
  /// What a date picker picks: `Date`, `Time` or `DateAndTime` (InAppSettingsKit).
  public static let datePickerMode = "DatePickerMode"
  /// Whether choosing in a multi-value's list returns to the page (InAppSettingsKit).
  public static let quickMultiValueSelection = "IASKQuickMultiValueSelection"
  /// A row's second line: a string, or a dictionary by value (InAppSettingsKit).
  public static let subtitle = "IASKSubtitle"

  // settei's own key, which Settings.app and InAppSettingsKit ignore.
  /// The values of other settings a row is shown for (``VisibleWhen``).
  public static let visibleWhen = "VisibleWhen"
}
