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
      let known = Array(kind.typeName.utf8).withUnsafeBufferPointer {
        Specifier.Kind(knownTypeName: $0)
      }
      #expect(known == kind)
      if case .other = kind { Issue.record("\(kind.typeName) is not a case of its own") }
    }
    for name in ["PSToggleSwitchSpecifer", "", "psgroupspecifier", "PSGroupSpecifier "] {
      #expect(Array(name.utf8).withUnsafeBufferPointer(Specifier.Kind.init(knownTypeName:)) == nil)
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
    // Each of InAppSettingsKit's keys for an app's controller, whatever its value.
    for key in Specifier.customControllerKeys {
      for value: PropertyListValue in ["Controller", 3, false] {
        let opening = Specifier(
          index: 0,
          raw: ["Type": "PSChildPaneSpecifier", "File": "Extra", PropertyListKey(key): value])
        #expect(opening.opensCustomController, "\(key) = \(value)")
        let notAPane = Specifier(
          index: 0, raw: ["Type": "PSToggleSwitchSpecifier", PropertyListKey(key): value])
        #expect(!notAPane.opensCustomController, "\(key) on a switch")
      }
    }
    let pane = Specifier(index: 0, raw: ["Type": "PSChildPaneSpecifier", "File": "Extra"])
    #expect(!pane.opensCustomController)
    #expect(pane.pageReferences == [Specifier.PageReference(nestedIn: nil, file: "Extra")])
  }

  @Test func everyMemberIsKeptAsWrittenWhateverItsType() {
    // Known keys of the expected type, known keys of another type (kept for lint), a key
    // InAppSettingsKit defines and keys nobody defines.
    let raw: [PropertyListKey: PropertyListValue] = [
      "Type": "PSMultiValueSpecifier", "Title": 7, "Key": "size", "DefaultValue": "m",
      "Titles": ["Small", 2], "Values": ["s", "m"], "ShortTitles": ["S", "M"],
      "FooterText": "Sizes", "File": false, "IsSecure": "yes", "MinimumValue": 1,
      "IASKSubtitle": ["s": "small"], "MyAppColour": "red", "Nested": ["a": [1, 2]],
    ]
    let specifier = Specifier(index: 3, raw: raw)
    #expect(specifier.raw == raw)
    for (name, value) in raw { #expect(specifier[member: name.string] == value) }
    #expect(specifier[member: "Missing"] == nil)
    #expect(specifier.kind == .multiValue)
    #expect(specifier.title == nil)
    // A number among the titles is its text, at its value's place.
    #expect(specifier.titles == ["Small", "2"])
    #expect(specifier.shortTitles == ["S", "M"])
    #expect(specifier.values == ["s", "m"])
    #expect(specifier.file == nil)
    #expect(!specifier.isSecure)
    #expect(specifier.minimumValue == 1)
    #expect(specifier.subtitle == ["s": "small"])
    #expect(specifier == Specifier(index: 3, raw: raw))
    #expect(specifier != Specifier(index: 3, raw: raw.merging(["MyAppColour": "blue"]) { $1 }))
  }

  @Test func changingOneMemberKeepsTheOthers() {
    var specifier = Specifier(
      index: 0, raw: ["Type": "PSToggleSwitchSpecifier", "Key": "k", "Custom": 1, "Title": 5])
    let copy = specifier
    specifier[member: "Title"] = "On"
    specifier[member: "Custom"] = nil
    specifier[member: "TrueValue"] = "YES"
    #expect(
      specifier.raw == [
        "Type": "PSToggleSwitchSpecifier", "Key": "k", "Title": "On", "TrueValue": "YES",
      ])
    #expect(specifier.title == "On")
    #expect(specifier.trueValue == "YES")
    #expect(copy.raw == ["Type": "PSToggleSwitchSpecifier", "Key": "k", "Custom": 1, "Title": 5])
    specifier[member: "Type"] = "PSTextFieldSpecifier"
    #expect(specifier.kind == .textField)
    specifier[member: "Type"] = nil
    #expect(specifier.kind == .other(""))
    #expect(specifier[member: "Type"] == nil)
  }

  @Test func aSubtitleIsKnownWithoutMakingItsValueAsMembersChange() {
    var specifier = Specifier(index: 0, raw: ["Type": "PSToggleSwitchSpecifier", "Key": "k"])
    #expect(!specifier.hasSubtitle)
    specifier[member: "IASKSubtitle"] = "Shown under the title"
    #expect(specifier.hasSubtitle && specifier.subtitle == "Shown under the title")
    let copy = specifier
    specifier[member: "TrueValue"] = "YES"
    #expect(specifier.hasSubtitle && copy.hasSubtitle)
    specifier[member: "IASKSubtitle"] = nil
    #expect(!specifier.hasSubtitle && specifier.subtitle == nil)
    #expect(copy.hasSubtitle)
    // A subtitle of another type than a string or a dictionary is kept as written.
    let numbered = Specifier(index: 1, raw: ["Type": "PSToggleSwitchSpecifier", "IASKSubtitle": 3])
    #expect(numbered.hasSubtitle == (numbered.subtitle != nil))
  }

  @Test func aMemberWrittenTwiceIsRefused() {
    var builder = Specifier.Builder()
    let added = [
      builder.add("Title", "A"), builder.add("Title", "B"), builder.add("Key", 5),
      builder.add("Key", "k"), builder.add("Custom", 1), builder.add("Custom", 2),
      builder.add("IsSecure", true), builder.add("IsSecure", false),
    ]
    #expect(added == [true, false, true, false, true, false, true, false])
    let specifier = builder.specifier(index: 0)
    #expect(specifier.raw == ["Title": "A", "Key": 5, "Custom": 1, "IsSecure": true])
  }

  @Test func equalArraysOfStringsAreHeldOnce() {
    let shared = Specifier.SharedArrays()
    var builder = Specifier.Builder(sharing: shared)
    _ = builder.add("Titles", ["Small", "Large"])
    _ = builder.add("Values", ["s", "l"])
    let first = builder.specifier(index: 0)
    builder = Specifier.Builder(sharing: shared)
    _ = builder.add("Titles", ["Small", "Large"])
    _ = builder.add("Values", ["s", "l"])
    let second = builder.specifier(index: 1)
    first.titles.withUnsafeBufferPointer { a in
      second.titles.withUnsafeBufferPointer { b in #expect(a.baseAddress == b.baseAddress) }
    }
    first.values.withUnsafeBufferPointer { a in
      second.values.withUnsafeBufferPointer { b in #expect(a.baseAddress == b.baseAddress) }
    }
  }

  @Test func aStringAddedAsTextIsTheSameAsAStringValue() {
    // The JSON reader hands a string straight to its field; for every member, and after
    // every kind of member already there, that is adding the string as a value.
    let earlier: [(name: String, value: PropertyListValue)?] = [
      nil, ("Title", "t"), ("Title", 5), ("Custom", 1), ("Titles", ["a"]), ("Titles", "x"),
    ]
    for member in Specifier.Member.allCases {
      for before in earlier {
        var asText = Specifier.Builder()
        var asValue = Specifier.Builder()
        if let before {
          _ = asText.add(before.name, before.value)
          _ = asValue.add(before.name, before.value)
        }
        for text in ["PSGroupSpecifier", "plain"] {
          let added = asText.add(member, string: text)
          #expect(
            added == asValue.add(member, .string(text)),
            "\(member) after \(String(describing: before))")
        }
        let (one, other) = (asText.specifier(index: 0), asValue.specifier(index: 0))
        #expect(one == other, "\(member)")
        #expect(one.kind == other.kind && one.raw == other.raw, "\(member)")
      }
    }
  }

  @Test func aTypeKnownFromItsBytesIsTheSameAsItsName() {
    let names =
      (Specifier.Kind.appleKinds + Specifier.Kind.inAppSettingsKitKinds).map(\.typeName)
      + ["", "P", "PSGroupSpecifie", "PSGroupSpecifierX", "psgroupspecifier", "Custom"]
    for name in names {
      let bytes = Array(name.utf8)
      let kind = bytes.withUnsafeBufferPointer { Specifier.Kind(typeNameBytes: $0) }
      #expect(kind == Specifier.Kind(typeName: name), "\(name)")
      var fromBytes = Specifier.Builder()
      var fromName = Specifier.Builder()
      #expect(fromBytes.add(type: kind) == fromName.add(.type, .string(name)))
      #expect(fromBytes.add(type: kind) == fromName.add(.type, .string(name)))
      #expect(fromBytes.specifier(index: 0) == fromName.specifier(index: 0), "\(name)")
    }
  }

  @Test func everyMemberIsFoundFromItsBytes() {
    for member in Specifier.Member.allCases {
      let bytes = Array(member.name.utf8)
      bytes.withUnsafeBufferPointer { #expect(Specifier.Member(bytes: $0) == member) }
      for near in [member.name + "s", String(member.name.dropLast()), member.name.lowercased()]
      where Specifier.Member(name: near) == nil {
        let nearBytes = Array(near.utf8)
        nearBytes.withUnsafeBufferPointer { #expect(Specifier.Member(bytes: $0) == nil, "\(near)") }
      }
    }
  }
}
