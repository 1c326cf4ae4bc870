@testable import SettingsStorage

/// The store error `body` throws, or `nil` if it throws none.
func storeError(_ body: () throws -> Void) -> StoreError? {
  do {
    try body()
    return nil
  } catch {
    return error as? StoreError
  }
}
