import Testing

@testable import SettingsKit
