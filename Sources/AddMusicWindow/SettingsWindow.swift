import AddMusicCore
import AudioEngine
import Foundation
import Gtk
import MediaLibrary
import MediaModel
import MusicPlayer

/// The preferences window: the player type (B-L2, used from the next start), the background animation (B-L6, at
/// once), what opened files do and whether music plays on with the window closed (B-O3, B-O6), and the music folders (scanned and watched as soon as they change), each saved to the config file as it
/// changes. On the main thread.
@MainActor
final class SettingsWindow {
    private let window: PreferencesWindow
    private let text: Localizer
    private let configPath: String
    private let foldersGroup: PreferencesGroup
    private var folderRows: [Widget] = []
    private var folders: [String]
    /// The config file's own words for each folder shown (relative, `~/…`, not UTF-8), written back as they were.
    private var configValues: [String: [UInt8]] = [:]
    private var chooser: FileChooser?
    private let controller: AppController
    private let equalizer: EqualizerGroup
    private let scrobbling: ScrobbleGroup
    /// How far the loudness analysis is (B-P10), under the ReplayGain choices.
    private let loudnessRow: ActionRow

    /// A preferences window above `parent`, whose choices go to `controller`.
    init(parent: Widget, controller: AppController, text: Localizer) {
        self.text = text
        self.controller = controller
        let preferences = controller.preferences
        configPath = preferences.configPath
        folders = []
        window = PreferencesWindow(parent: parent, title: text.string("prefs.title"))
        loudnessRow = ActionRow(
            title: text.string("prefs.loudness"),
            subtitle: controller.state.loudnessStatus ?? text.string("prefs.loudness.waiting"))

        window.add(
            Self.playerGroup(controller: controller, preferences: preferences, text: text))
        window.add(
            Self.appearanceGroup(controller: controller, preferences: preferences, text: text))
        window.add(
            Self.openingGroup(controller: controller, preferences: preferences, text: text))
        let replayGain = Self.replayGainGroup(controller: controller, preferences: preferences, text: text)
        replayGain.add(loudnessRow)
        window.add(replayGain)
        window.add(
            Self.outputFormatGroup(controller: controller, preferences: preferences, text: text))
        equalizer = EqualizerGroup(controller: controller, text: text)
        window.add(equalizer.group)
        window.add(
            Self.crossfadeGroup(controller: controller, preferences: preferences, text: text))
        scrobbling = ScrobbleGroup(text: text)
        window.add(scrobbling.group)

        foldersGroup = PreferencesGroup(
            title: text.string("prefs.folders"), description: text.string("prefs.folders.note"))
        let add = Button(iconName: "list-add-symbolic", accessibleLabel: text.string("prefs.folders.add"))
        add.addCSSClass("flat")
        foldersGroup.setHeaderSuffix(add)
        window.add(foldersGroup)
        add.onClick { [weak self] in self?.chooseFolder() }
        readFolders(ConfigFile(path: configPath))
        showFolders()
    }

    func present() { window.present() }

    /// Shows what changed in `state` that the window shows: how far the loudness analysis is.
    func show(_ state: MainScreenState) {
        if let status = state.loudnessStatus { loudnessRow.subtitle = status }
    }

    /// The player type's group: a choice saved at once and used from the next start.
    private static func playerGroup(
        controller: AppController, preferences: Preferences, text: Localizer
    ) -> PreferencesGroup {
        choiceGroup("prefs.player", selected: preferences.playerKind, text: text).group { controller.setPlayerKind($0) }
    }

    /// A group of one choice among `Choice`'s cases, its strings under `key` (`KEY`, `KEY.note`, `KEY.row` and
    /// `KEY.CASE`); `group(onChange:)` hands each choice made to `onChange`.
    private static func choiceGroup<Choice: RawRepresentable & CaseIterable & Equatable>(
        _ key: String, selected: Choice, text: Localizer
    ) -> ChoiceGroup<Choice> where Choice.RawValue == String {
        let choices = Array(Choice.allCases)
        let group = PreferencesGroup(title: text.string(key), description: text.string(key + ".note"))
        let row = ChoiceRow(
            title: text.string(key + ".row"), choices: choices.map { text.string(key + "." + $0.rawValue) },
            selected: choices.firstIndex(of: selected) ?? 0)
        group.add(row)
        return ChoiceGroup(row: row, box: group, choices: choices)
    }

    /// The appearance group: the background animation's switch, applied and saved at once.
    private static func appearanceGroup(
        controller: AppController, preferences: Preferences, text: Localizer
    ) -> PreferencesGroup {
        let group = PreferencesGroup(title: text.string("prefs.appearance"))
        let animation = SwitchRow(
            title: text.string("prefs.animation"), isOn: preferences.backgroundAnimation)
        animation.onToggle { on in
            controller.setBackgroundAnimation(on)
        }
        group.add(animation)
        return group
    }

    /// Opening files and closing the window: whether opened files play at once or go after the queue while music
    /// plays, whether closing the window while music plays leaves it playing, and whether a new song is told to the
    /// desktop while the window is not in front; each saved at once.
    private static func openingGroup(
        controller: AppController, preferences: Preferences, text: Localizer
    ) -> PreferencesGroup {
        let group = choiceGroup("prefs.opening", selected: preferences.openAction, text: text).group {
            controller.setOpenAction($0)
        }
        let keepPlaying = SwitchRow(title: text.string("prefs.keepPlaying"), isOn: preferences.keepPlaying)
        keepPlaying.onToggle { on in controller.setKeepPlaying(on) }
        group.add(keepPlaying)
        let notifications = SwitchRow(title: text.string("prefs.notifications"), isOn: preferences.notifications)
        notifications.onToggle { on in controller.setNotifications(on) }
        group.add(notifications)
        return group
    }

    /// The output format's group: each song's own format or the fixed one, applied and saved at once (the
    /// application player's; the daemon has its own configuration).
    private static func outputFormatGroup(
        controller: AppController, preferences: Preferences, text: Localizer
    ) -> PreferencesGroup {
        applicationPlayerGroup("prefs.outputFormat", selected: preferences.outputFormat, controller, text) {
            controller.setOutputFormat($0)
        }
    }

    /// The crossfade's group: its seconds, from the next border on, saved at once; the note says what the player in
    /// use does with it (the music daemon cannot keep an album gapless).
    private static func crossfadeGroup(
        controller: AppController, preferences: Preferences, text: Localizer
    ) -> PreferencesGroup {
        let onDaemon = controller.playerKind == .system
        let group = PreferencesGroup(
            title: text.string("prefs.crossfade"),
            description: text.string(onDaemon ? "prefs.crossfade.noteDaemon" : "prefs.crossfade.note"))
        let seconds = NumberRow(
            title: text.string("prefs.crossfade.row"), value: preferences.crossfade ?? 0,
            range: 0...PlaybackEngine.longestCrossfade, step: 1)
        seconds.onChange { controller.setCrossfade($0) }
        group.add(seconds)
        return group
    }

    /// A choice of the application player's alone (insensitive with the system player), each choice handed to
    /// `set`.
    private static func applicationPlayerGroup<Choice: RawRepresentable & CaseIterable & Equatable>(
        _ key: String, selected: Choice, _ controller: AppController, _ text: Localizer,
        set: @escaping (Choice) -> Void
    ) -> PreferencesGroup where Choice.RawValue == String {
        let choice = choiceGroup(key, selected: selected, text: text)
        choice.row.isSensitive = controller.playerKind == .application
        return choice.group(onChange: set)
    }

    /// The ReplayGain group: its source and preamp, saved together whenever either changes.
    private static func replayGainGroup(
        controller: AppController, preferences: Preferences, text: Localizer
    ) -> PreferencesGroup {
        let group = PreferencesGroup(
            title: text.string("prefs.replayGain"), description: text.string("prefs.replayGain.note"))
        let sources = ReplayGainMode.Source.allCases
        let chosen = preferences.replayGain ?? .off
        let gainSource = ChoiceRow(
            title: text.string("prefs.replayGain.row"),
            choices: sources.map { text.string("prefs.replayGain." + $0.rawValue) },
            selected: sources.firstIndex(of: chosen.source) ?? 0)
        let preamp = NumberRow(
            title: text.string("prefs.replayGain.preamp"), value: chosen.preamp, range: -15...15, step: 0.5)
        let saveGain = { [weak gainSource, weak preamp] in
            guard let gainSource, let preamp else { return }
            controller.setReplayGain(ReplayGainMode(source: sources[gainSource.selected], preamp: preamp.value))
        }
        gainSource.onChange { _ in saveGain() }
        preamp.onChange { _ in saveGain() }
        // The daemon's preamp is its own configuration: the protocol cannot set it.
        preamp.isSensitive = controller.playerKind == .application
        group.add(gainSource)
        group.add(preamp)
        return group
    }

    /// Lists the folders, each with a button that takes it out.
    private func showFolders() {
        for row in folderRows { foldersGroup.remove(row) }
        folderRows = folders.map { folder in
            let row = ActionRow(title: RowText.shown(folder))
            let remove = Button(
                iconName: "user-trash-symbolic",
                accessibleLabel: text.string("prefs.folders.remove", RowText.shown(folder)))
            remove.addCSSClass("flat")
            remove.onClick { [weak self] in self?.setFolders((self?.folders ?? []).filter { $0 != folder }) }
            row.addSuffix(remove)
            foldersGroup.add(row)
            return row
        }
    }

    private func chooseFolder() {
        let chooser = FileChooser(
            parent: window, kind: .folder, title: text.string("prefs.folders.choose"),
            accept: text.string("prefs.folders.accept"),
            cancel: text.string("Cancel"))
        chooser.present { [weak self] path in
            MainActor.assumeIsolated {
                guard let self, !self.folders.contains(path) else { return }
                self.setFolders(self.folders + [path])
            }
        }
        self.chooser = chooser
    }

    /// Takes the folders shown, and the config file's words for them, from `config`.
    private func readFolders(_ config: ConfigFile) {
        folders = MusicFolders.resolve(flags: [], config: config).map(\.description)
        configValues = [:]
        for value in config.byteValues("music-dir") {
            if let root = MusicFolders.root(configValue: value) { configValues[root.description] = value }
        }
    }

    /// Makes `now` the music folders (none: the XDG music folder again) and shows them; the controller saves them
    /// off the main thread, then forgets, scans and watches what changed.
    private func setFolders(_ now: [String]) {
        let before = folders
        var config = ConfigFile(path: configPath)
        config.set("music-dir", byteValues: now.map { configValues[$0] ?? Array($0.utf8) })
        readFolders(config)
        showFolders()
        controller.saveMusicFolders(config, now: folders, before: before)
    }
}

/// A preferences group of one choice row, as `SettingsWindow.choiceGroup` makes it.
@MainActor
private struct ChoiceGroup<Choice> {
    let row: ChoiceRow
    let box: PreferencesGroup
    let choices: [Choice]

    /// The group, with each choice made handed to `onChange`.
    func group(onChange: @escaping (Choice) -> Void) -> PreferencesGroup {
        let choices = self.choices
        row.onChange { onChange(choices[$0]) }
        return box
    }
}
