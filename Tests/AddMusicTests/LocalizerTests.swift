import AddMusicCore
import Foundation
import Testing

/// Every user-visible string comes from en/de/fr tables chosen from the environment (B-T1).
@Suite struct LocalizerTests {
    @Test func languageFollowsLanguageThenLcAllThenLcMessagesThenLang() {
        func language(_ environment: [String: String]) -> String {
            Localizer(bundle: Localizer.resourceBundle, environment: environment).language
        }
        #expect(language([:]) == "en")
        #expect(language(["LANG": "de_DE.UTF-8"]) == "de")
        #expect(language(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"]) == "fr")
        #expect(language(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8", "LC_ALL": "en_GB.UTF-8"]) == "en")
        #expect(language(["LANGUAGE": "fr:de", "LANG": "de_DE.UTF-8"]) == "fr")
        #expect(language(["LANGUAGE": "it:de", "LANG": "en_US.UTF-8"]) == "de")
        #expect(language(["LANGUAGE": "fr", "LC_ALL": "C"]) == "en")  // as gettext: LANGUAGE is ignored under C
        #expect(language(["LANG": "ja_JP.UTF-8"]) == "en")
    }

    @Test func everyEnglishKeyHasAGermanAndAFrenchTranslation() {
        let english = Localizer(bundle: Localizer.resourceBundle, environment: ["LANG": "en_US.UTF-8"])
        let german = Localizer(bundle: Localizer.resourceBundle, environment: ["LANG": "de_DE.UTF-8"])
        let french = Localizer(bundle: Localizer.resourceBundle, environment: ["LANG": "fr_FR.UTF-8"])
        #expect(!english.keys.isEmpty)
        #expect(english.keys == german.keys)
        #expect(english.keys == french.keys)
        #expect(german.string("Unknown Artist") == "Unbekannter Künstler")
        #expect(french.count("count.albums", 3) == "3 albums")
        #expect(french.count("count.songs", 1) == "1 morceau" && french.count("count.songs", 0) == "0 morceau")
        #expect(english.count("count.songs", 0) == "0 songs" && english.count("count.songs", 1) == "1 song")
        #expect(german.count("count.albums", 2) == "2 Alben")
        #expect(german.string("no such key") == "no such key")
    }
}
