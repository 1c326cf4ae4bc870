/// The schema `settei` opens when no `--schema` is given: the Language & Region screen of the
/// origin tutorial, in English and Japanese, written in settei's JSON schema format.
package enum EmbeddedSchema {
  /// The name used for the embedded schema in messages.
  package static let sourceName = "(embedded Language & Region schema)"

  /// The schema, parsed. The text is part of the program and tested, so it always parses.
  package static func load() throws(SchemaError) -> SettingsSchema {
    try JSONSchemaReader.read(Array(json.utf8), source: sourceName)
  }

  /// The `FooterText` of the Region Format group: what shows where the values are not at
  /// hand (a search, a list of texts); its screen shows the example for the values chosen.
  package static let regionFormatExampleFooter =
    "Region Format Example: 0:34, Wednesday, 19 August 2026 · ¥1,234.56 · 4,567.89"

  /// The schema as JSON text.
  package static let json = #"""
    {
      "Title": "Language & Region",
      "StringsTable": "Root",
      "PreferenceSpecifiers": [
        {
          "Type": "PSGroupSpecifier",
          "Title": "Preferred Languages",
          "FooterText": "Apps and websites will use the first language in this list that they support."
        },
        {
          "Type": "PSMultiValueSpecifier",
          "Title": "Device Language",
          "Key": "language",
          "DefaultValue": "ja",
          "Titles": ["日本語", "English", "Deutsch", "Français", "简体中文", "한국어"],
          "Values": ["ja", "en", "de", "fr", "zh-Hans", "ko"]
        },
        {
          "Type": "PSGroupSpecifier",
          "Title": "Region Format",
          "FooterText": "\#(regionFormatExampleFooter)"
        },
        {
          "Type": "PSMultiValueSpecifier",
          "Title": "Region",
          "Key": "region",
          "DefaultValue": "JP",
          "Titles": ["Japan", "United States", "United Kingdom", "Germany", "France", "China mainland", "South Korea", "Australia", "Canada"],
          "Values": ["JP", "US", "GB", "DE", "FR", "CN", "KR", "AU", "CA"],
          "DisplaySortedByTitle": true
        },
        {
          "Type": "PSMultiValueSpecifier",
          "Title": "Calendar",
          "Key": "calendar",
          "DefaultValue": "gregorian",
          "Titles": ["Gregorian Calendar", "Japanese Calendar", "Buddhist Calendar"],
          "Values": ["gregorian", "japanese", "buddhist"]
        },
        {
          "Type": "PSMultiValueSpecifier",
          "Title": "Temperature Unit",
          "Key": "temperatureUnit",
          "DefaultValue": "celsius",
          "Titles": ["Celsius (°C)", "Fahrenheit (°F)"],
          "Values": ["celsius", "fahrenheit"]
        },
        {
          "Type": "PSMultiValueSpecifier",
          "Title": "Measurement System",
          "Key": "measurementSystem",
          "DefaultValue": "metric",
          "Titles": ["Metric", "US", "UK"],
          "Values": ["metric", "us", "uk"]
        },
        {
          "Type": "PSMultiValueSpecifier",
          "Title": "First Day of Week",
          "Key": "firstWeekday",
          "DefaultValue": 1,
          "Titles": ["Sunday", "Monday", "Saturday"],
          "Values": [1, 2, 7]
        },
        {
          "Type": "PSMultiValueSpecifier",
          "Title": "Date Format",
          "Key": "dateFormat",
          "DefaultValue": "y/MM/dd",
          "Titles": ["2026/08/19", "2026-08-19", "19/08/2026", "08/19/2026", "19.08.26"],
          "Values": ["y/MM/dd", "y-MM-dd", "dd/MM/y", "MM/dd/y", "dd.MM.yy"]
        },
        {
          "Type": "PSMultiValueSpecifier",
          "Title": "Number Format",
          "Key": "numberFormat",
          "DefaultValue": "1,234,567.89",
          "Titles": ["1,234,567.89", "1.234.567,89", "1 234 567,89", "1’234’567.89"],
          "Values": ["1,234,567.89", "1.234.567,89", "1 234 567,89", "1’234’567.89"]
        },
        {
          "Type": "PSGroupSpecifier",
          "FooterText": "Select text in images to copy or take action."
        },
        {
          "Type": "PSToggleSwitchSpecifier",
          "Title": "Live Text",
          "Key": "liveText",
          "DefaultValue": true
        }
      ],
      "Strings": {
        "en": {
          "Gregorian Calendar": "Gregorian",
          "Japanese Calendar": "Japanese",
          "Buddhist Calendar": "Buddhist"
        },
        "ja": {
          "Language & Region": "言語と地域",
          "Preferred Languages": "優先する言語",
          "Apps and websites will use the first language in this list that they support.": "AppとWebサイトは、このリストの中で対応している最初の言語を使用します。",
          "Device Language": "使用言語",
          "Region Format": "地域の書式",
          "Region": "地域",
          "Japan": "日本",
          "United States": "アメリカ合衆国",
          "United Kingdom": "イギリス",
          "Germany": "ドイツ",
          "France": "フランス",
          "China mainland": "中国本土",
          "South Korea": "韓国",
          "Australia": "オーストラリア",
          "Canada": "カナダ",
          "Calendar": "暦法",
          "Gregorian Calendar": "西暦（グレゴリオ暦）",
          "Japanese Calendar": "和暦",
          "Buddhist Calendar": "仏暦",
          "Temperature Unit": "温度単位",
          "Celsius (°C)": "摂氏（°C）",
          "Fahrenheit (°F)": "華氏（°F）",
          "Measurement System": "測定法",
          "Metric": "メートル法",
          "US": "ヤード・ポンド法（米）",
          "UK": "ヤード・ポンド法（英）",
          "First Day of Week": "週の最初の曜日",
          "Sunday": "日曜日",
          "Monday": "月曜日",
          "Saturday": "土曜日",
          "Date Format": "日付の書式",
          "Number Format": "数値の書式",
          "\#(regionFormatExampleFooter)": "地域の書式の例: 0:34 2026年8月19日 水曜日 · ¥1,234.56 · 4,567.89",
          "Live Text": "テキスト認識表示",
          "Select text in images to copy or take action.": "画像内のテキストを選択して、コピーしたり操作したりできます。"
        }
      }
    }
    """#
}
