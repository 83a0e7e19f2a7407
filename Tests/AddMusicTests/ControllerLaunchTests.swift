import AddMusicCore
import AudioEngine
import Foundation
import MediaLibrary
import MusicPlayer
import Testing

/// Launch (B-L1–L6) and localization (B-T1), on the app controller.
@Suite(.serialized) struct ControllerLaunchTests {
    @Test func l1_launchShowsInstructionsAddMusicAndADisabledPlayPause() throws {
        let app = try ControllerHarness(heard: false)
        let state = app.state
        #expect(state.text.hasPrefix("Tap Add Music"))
        #expect(state.musicButtonTitle == "Add Music")
        #expect(state.appSoundButtonTitle == "Play App Sound" && state.isAppSoundEnabled)
        #expect(!state.isPlayPauseEnabled && state.playPauseControl == .play)
        #expect(state.artwork == .empty)
        #expect(!state.isPickerOpen && !state.isQueueOpen && state.alert == nil)
    }

    @Test func l2_thePlayerKindComesFromTheConfigFileAndTheFlagOverridesIt() throws {
        let fixtures = try Fixtures()
        let path = fixtures.root + "/config"
        #expect(try Preferences(configPath: path, environment: [:]).playerKind == .application)
        try "music-dir = /music\nplayer = system\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try Preferences(configPath: path, environment: [:]).playerKind == .system)
        #expect(try Preferences(configPath: path, playerFlag: "app", environment: [:]).playerKind == .application)
        #expect(throws: PreferencesError.unknownPlayer("mpd")) {
            try Preferences(configPath: path, playerFlag: "mpd", environment: [:])
        }
        var preferences = try Preferences(configPath: path, environment: [:])
        preferences.playerKind = .application
        try preferences.save()
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved.contains("music-dir = /music") && saved.contains("player = app"))
    }

    @Test func l3_theApplicationPlayerStartsWithShuffleAndRepeatOff() throws {
        let app = try ControllerHarness(heard: false) { player in
            player.setShuffleMode(.songs)
            player.setRepeatMode(.all)
        }
        #expect(app.player.shuffleMode == .off)
        #expect(app.player.repeatMode == .none)
    }

    @Test func l4_anItemThePlayerAlreadyHoldsIsShownAtLaunchWithPlayPauseEnabled() throws {
        let statePath = try Fixtures().root + "/player.json"
        let first = try ControllerHarness(heard: false, statePath: statePath)
        first.player.setQueue(MediaItemCollection(items: first.items))
        first.player.skip(toItemAt: 1)
        first.player.seek(to: 1.5)
        first.player.settle()
        let saved = try #require(SavedPlayerState.load(from: statePath).state)
        // A second launch whose player comes back paused at that item.
        let app = try ControllerHarness(heard: false, fixtures: first.fixtures) { player in
            player.restore(saved, items: try first.library.items(ids: saved.itemIDs))
        }
        let state = app.state
        #expect(state.text == "Now Playing: Song 1 by Artist")
        #expect(state.isPlayPauseEnabled && state.playPauseControl == .play)
        #expect(state.artwork == .placeholder)
        #expect(state.musicButtonTitle == "Show Music")
        #expect(state.nowPlayingIndex == 1)
    }

    @Test func l5_theControllerHearsThePlayerAsSoonAsStartReturns() throws {
        let app = try ControllerHarness(heard: false)
        // A change made behind the controller's back (as another client of a shared player would) still shows.
        app.player.setQueue(MediaItemCollection(items: app.items))
        app.player.play()
        #expect(app.waitFor { $0.playPauseControl == .pause && $0.text == "Now Playing: Song 0 by Artist" })
    }

    @Test func l6_theBackgroundChangesColourUnlessTurnedOffOrNoColor() throws {
        let app = try ControllerHarness(heard: false)
        let first = try #require(app.state.backgroundColor)
        #expect(app.waitFor(seconds: 5) { $0.backgroundColor != nil && $0.backgroundColor != first })
        app.controller.onMainActor { $0.setBackgroundAnimation(false) }
        #expect(app.state.backgroundColor == nil)
        #expect(
            try String(contentsOfFile: app.controller.preferencesNow.configPath, encoding: .utf8)
                .contains("background-animation = off"))
        let plain = try ControllerHarness(heard: false, environment: ["NO_COLOR": "1"])
        #expect(plain.state.backgroundColor == nil)
        // Blending: halfway through, halfway between.
        let black = BackgroundAnimation.Color(red: 0, green: 0, blue: 0)
        let white = BackgroundAnimation.Color(red: 1, green: 1, blue: 1)
        #expect(black.blended(to: white, fraction: 0.5) == BackgroundAnimation.Color(red: 0.5, green: 0.5, blue: 0.5))
    }

    @Test func t1_theScreenSpeaksGermanAndFrenchFromTheLocale() throws {
        let german = try ControllerHarness(heard: false, environment: ["LANG": "de_DE.UTF-8"])
        #expect(german.state.musicButtonTitle == "Musik hinzufügen")
        #expect(german.state.appSoundButtonTitle == "App-Ton abspielen")
        german.controller.onMainActor { $0.pickerDone(with: [german.items[0]]) }
        #expect(german.waitFor { $0.text == "Es läuft: Song 0 von Artist" })
        #expect(german.state.musicButtonTitle == "Musik zeigen")

        let french = try ControllerHarness(heard: false, environment: ["LANGUAGE": "fr", "LANG": "en_US.UTF-8"])
        #expect(french.state.musicButtonTitle == "Ajouter de la musique")
        #expect(french.state.pickerPrompt == "Ajoutez des morceaux à écouter")
    }
}
