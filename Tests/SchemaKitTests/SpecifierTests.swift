import FileFormats
import Testing

@testable import SchemaKit

@Suite struct SpecifierTests {
  @Test func everyAppleAndInAppSettingsKitTypeIsACaseThatNamesItself() {
    let kinds = Specifier.Kind.appleKinds + Specifier.Kind.inAppSettingsKitKinds
    #expect(kinds.count == 15)
    #expect(Set(kinds.map(\.typeName)).count == kinds.count)
    for kind in kinds {
      #expect(Specifier.Kind(typeName: kind.typeName) == kind)
      if case .other = kind { Issue.record("\(kind.typeName) is not a case of its own") }
    }
    #expect(Specifier.Kind(typeName: "IASKTextViewSpecifier") == .textView)
    #expect(Specifier.Kind(typeName: "IASKDatePickerSpecifier") == .datePicker)
  }

  @Test func anUnknownTypeKeepsItsName() {
    let kind = Specifier.Kind(typeName: "PSToggleSwitchSpecifer")
    #expect(kind == .other("PSToggleSwitchSpecifer"))
    #expect(kind.typeName == "PSToggleSwitchSpecifer")
    #expect(!kind.storesValue)
  }

  @Test func onlyKindsWithAValueStoreOne() {
    let storing = (Specifier.Kind.appleKinds + Specifier.Kind.inAppSettingsKitKinds)
      .filter(\.storesValue).map(\.typeName)
    #expect(
      storing == [
        "PSToggleSwitchSpecifier", "PSMultiValueSpecifier", "PSRadioGroupSpecifier",
        "PSTextFieldSpecifier", "PSSliderSpecifier", "PSTitleValueSpecifier",
        "IASKListGroupSpecifier", "IASKTextViewSpecifier", "IASKCustomViewSpecifier",
        "IASKDatePickerSpecifier",
      ])
  }

  @Test func fieldsAreReadFromTheirKeys() {
    let specifier = Specifier(
      index: 4,
      raw: [
        "Type": "PSTextFieldSpecifier", "Title": "Name", "Key": "name", "DefaultValue": "Ann",
        "IsSecure": true, "KeyboardType": "NumberPad", "AutocapitalizationType": "Words",
      ])
    #expect(specifier.kind == .textField)
    #expect(specifier.index == 4)
    #expect(specifier.title == "Name")
    #expect(specifier.key == "name")
    #expect(specifier.defaultValue == "Ann")
    #expect(specifier.isSecure)
    #expect(specifier.keyboardType == "NumberPad")
    #expect(specifier.autocapitalizationType == "Words")
  }

  @Test func absentKeysHaveTheReferenceDefaults() {
    let specifier = Specifier(index: 0, raw: ["Type": "PSSliderSpecifier", "Key": "volume"])
    #expect(specifier.minimumValue == 0)
    #expect(specifier.maximumValue == 1)
    #expect(!specifier.isSecure)
    #expect(specifier.isDeletable)
    #expect(specifier.trueValue == .bool(true))
    #expect(specifier.falseValue == .bool(false))
    #expect(!specifier.displaysSortedByTitle)
    let slider = Specifier(
      index: 0, raw: ["Type": "PSSliderSpecifier", "MinimumValue": -5, "MaximumValue": 5.5])
    #expect(slider.minimumValue == -5)
    #expect(slider.maximumValue == 5.5)
  }

  @Test func changingRawChangesTheFields() {
    var specifier = Specifier(index: 0, raw: ["Type": "PSGroupSpecifier", "Title": "Old"])
    specifier.raw["Title"] = "New"
    #expect(specifier.title == "New")
  }

  @Test func aListItemSpecifierIsTitledLikeItsList() {
    let list = Specifier(
      index: 2,
      raw: [
        "Type": "IASKListGroupSpecifier", "Title": "Colours", "Key": "colours",
        "Deletable": false,
        "ItemSpecifier": ["Type": "PSTextFieldSpecifier", "Title": "Colour"],
      ])
    #expect(list.kind == .listGroup)
    #expect(!list.isDeletable)
    let item = list.itemSpecifier(in: SpecifierKey.itemSpecifier)
    #expect(item?.kind == .textField)
    #expect(item?.title == "Colours")
    #expect(item?.index == 2)
    #expect(list.itemSpecifier(in: SpecifierKey.addSpecifier) == nil)
  }

  @Test func aChildPaneWithAViewControllerOpensNoPage() {
    let custom = Specifier(
      index: 0,
      raw: ["Type": "PSChildPaneSpecifier", "File": "Extra", "IASKViewControllerClass": "X"])
    #expect(custom.opensCustomController)
    #expect(custom.pageReferences.isEmpty)
    let pane = Specifier(index: 0, raw: ["Type": "PSChildPaneSpecifier", "File": "Extra"])
    #expect(!pane.opensCustomController)
    #expect(pane.pageReferences == [Specifier.PageReference(nestedIn: nil, file: "Extra")])
  }
}
