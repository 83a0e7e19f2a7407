import AddMusicCore
import AudioEngine
import Foundation
import Gtk

/// The preferences window's Equalizer group (B-P8): the preset (off, the built-in ones, the user's own), the preamp
/// and the ten bands of the one chosen, and a name to save them under. Moving a band is heard at once: it changes
/// the user's preset chosen, or, on a built-in one, makes the user's "Custom" preset from it. Insensitive with the
/// system player, which plays without an equalizer. On the main thread.
@MainActor
final class EqualizerGroup {
    let group: PreferencesGroup
    private let controller: AppController
    private let text: Localizer
    private let presetRow: ChoiceRow
    private let preamp: NumberRow
    private let bands: [NumberRow]
    private let nameEntry: TextEntry
    private let deleteButton: Button
    /// What the preset row offers, in its order.
    private var choices: [EqualizerChoice] = []
    /// While the rows are set from the preferences: their changes are not the user's.
    private var filling = false

    init(controller: AppController, text: Localizer) {
        self.controller = controller
        self.text = text
        group = PreferencesGroup(
            title: text.string("prefs.equalizer"), description: text.string("prefs.equalizer.note"))
        presetRow = ChoiceRow(title: text.string("prefs.equalizer.row"), choices: [], selected: 0)
        let range = Equalizer.range
        preamp = NumberRow(title: text.string("prefs.equalizer.preamp"), value: 0, range: range, step: 0.5)
        bands = Equalizer.frequencies.map { frequency in
            let title =
                frequency >= 1_000
                ? text.string("prefs.equalizer.kilohertz", Int(frequency / 1_000))
                : text.string("prefs.equalizer.hertz", Int(frequency))
            return NumberRow(title: title, value: 0, range: range, step: 0.5)
        }
        nameEntry = TextEntry(placeholder: text.string("prefs.equalizer.name"))
        let save = Button(label: text.string("prefs.equalizer.save"))
        deleteButton = Button(iconName: "user-trash-symbolic", accessibleLabel: text.string("prefs.equalizer.delete"))
        deleteButton.addCSSClass("flat")
        let saveRow = ActionRow(title: text.string("prefs.equalizer.saveAs"))
        saveRow.addSuffix(nameEntry)
        saveRow.addSuffix(save)
        presetRow.addSuffix(deleteButton)
        for row in [presetRow, preamp] + bands + [saveRow] as [Widget] { group.add(row) }
        let usable = controller.playerKind == .application
        for row in [presetRow, preamp, saveRow] + bands as [Widget] { row.isSensitive = usable }
        fill()

        presetRow.onChange { [weak self] index in
            guard let self, !filling, choices.indices.contains(index) else { return }
            self.controller.setEqualizer(choices[index])
            fill()
        }
        for row in [preamp] + bands {
            row.onChange { [weak self] _ in
                guard let self, !filling else { return }
                edited()
            }
        }
        save.onClick { [weak self] in self?.saveAs() }
        nameEntry.onActivate { [weak self] in self?.saveAs() }
        deleteButton.onClick { [weak self] in
            guard let self, let own = chosenPreset else { return }
            self.controller.deleteEqualizerPreset(named: own.name)
            fill()
        }
    }

    /// The equalizer the rows show.
    private var shown: Equalizer { Equalizer(preamp: preamp.value, gains: bands.map(\.value)) }

    /// The user's own preset chosen, if one is.
    private var chosenPreset: EqualizerPreset? {
        let preferences = controller.preferences
        return preferences.equalizerPresets.first { $0.name.lowercased() == preferences.equalizer.name.lowercased() }
    }

    /// Shows the preferences' presets, the one chosen, and its values.
    private func fill() {
        filling = true
        defer { filling = false }
        let preferences = controller.preferences
        let own = preferences.equalizerPresets
        choices =
            [.off] + Equalizer.presets.map { EqualizerChoice(name: $0.name) }
            + own.map { EqualizerChoice(name: $0.name) }
        let titles =
            [text.string("prefs.equalizer.off")] + Equalizer.presets.map { text.string("prefs.equalizer." + $0.name) }
            + own.map { RowText.shown($0.name) }
        let chosen = choices.firstIndex { $0.name.lowercased() == preferences.equalizer.name.lowercased() } ?? 0
        presetRow.setChoices(titles, selected: chosen)
        let equalizer = preferences.chosenEqualizer ?? Equalizer(gains: [])
        preamp.value = equalizer.preamp
        for (row, gain) in zip(bands, equalizer.gains) { row.value = gain }
        deleteButton.isSensitive = chosenPreset != nil
    }

    /// A band or the preamp moved: the user's preset chosen takes the new values, else the user's "Custom" one.
    private func edited() {
        let name = chosenPreset?.name ?? text.string("prefs.equalizer.custom")
        guard let preset = EqualizerPreset(name: name, equalizer: shown) else { return }
        controller.saveEqualizerPreset(preset)
        fill()
    }

    /// Saves the values shown as a preset of the name typed (a built-in's name or none is refused: the entry is
    /// marked).
    private func saveAs() {
        guard let preset = EqualizerPreset(name: nameEntry.text, equalizer: shown) else {
            nameEntry.addCSSClass("error")
            return
        }
        nameEntry.removeCSSClass("error")
        nameEntry.text = ""
        controller.saveEqualizerPreset(preset)
        fill()
    }
}
