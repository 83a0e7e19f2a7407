import AddMusicCore
import Gtk
import MediaLibrary

/// The rule editor of a smart playlist (B-H9): its name, whether a song must match every rule or any, the rules, a
/// limit (songs or minutes) and an order, with the songs the rules match counted again at each change. A rule is
/// built from the Field and Operator lists and the Value field (its placeholder says what it takes), then Add Rule
/// or Enter; the lists answer the pointer, the keyboard and assistive technologies alike. A value that does not fit
/// its field is said here and nothing is added. Save hands the rules to the controller, which writes them off the
/// main thread; a refusal (a name taken) is said here and the window stays, nothing lost. On the main thread.
@MainActor
final class SmartRulesWindow {
    private let window: DialogWindow
    private let controller: AppController
    private let text: Localizer
    /// The smart playlist edited (nil: a new one).
    private let editing: String?
    private var rules: SmartRules
    private let name: TextEntry
    private let match: ChoiceRow
    private let limit: NumberRow
    private let limitUnit: ChoiceRow
    private let order: ChoiceRow
    private let ruleList = TextList(single: true)
    private let fields = TextList(single: true)
    private let operators = TextList(single: true)
    private let value = TextEntry(placeholder: "")
    private let status = Label()
    private let problem = Label()
    /// The count asked last: an older answer is dropped.
    private var counting = 0
    private var parts: [Widget] = []

    /// The editor of the smart playlist `editing` holding `rules` (nil: a new one, with none), over `parent`.
    init(parent: Widget, controller: AppController, text: Localizer, editing: String?, rules: SmartRules) {
        self.controller = controller
        self.text = text
        self.editing = editing
        self.rules = rules
        let title =
            editing.map { text.string("smartEdit.titleEdit", RowText.shown(Self.shownName($0, text: text))) }
            ?? text.string("smartEdit.titleNew")
        window = DialogWindow(parent: parent, title: title, width: 640, height: 760)
        name = TextEntry(
            text: editing ?? "", placeholder: text.string("smartEdit.name"),
            accessibleLabel: text.string("smartEdit.name"))
        match = ChoiceRow(
            title: text.string("smartEdit.match"),
            choices: [text.string("smartEdit.matchAll"), text.string("smartEdit.matchAny")],
            selected: rules.match == .all ? 0 : 1)
        let limited: (Int, Int) =
            switch rules.limit {
            case .songs(let count): (count, 0)
            case .minutes(let count): (count, 1)
            case nil: (0, 0)
            }
        limit = NumberRow(
            title: text.string("smartEdit.limit"), value: Double(limited.0), range: 0...1_000_000, step: 1)
        limitUnit = ChoiceRow(
            title: text.string("smartEdit.limitUnit"),
            choices: [text.string("smartEdit.songs"), text.string("smartEdit.minutes")], selected: limited.1)
        order = ChoiceRow(
            title: text.string("smartEdit.order"),
            choices: SmartOrder.allCases.map { text.string("smart.order." + $0.rawValue) },
            selected: SmartOrder.allCases.firstIndex(of: rules.order) ?? 0)
        let cancel = Button(label: text.string("Cancel"))
        let save = Button(label: text.string("editor.save"))
        let header = HeaderBar(leading: cancel, suggested: save)
        let column = Box(vertical: true, spacing: 18)
        column.setMargins(18)
        let scrolled = ScrolledWindow(child: column)
        scrolled.expandsVertically = true
        problem.isVisible = false
        column.append(status)
        column.append(problem)
        column.append(settingsGroup())
        column.append(rulesGroup())
        column.append(builderGroup())
        parts = [cancel, save, header, column, scrolled]
        window.setContent(header: header, body: scrolled)
        cancel.onClick { [weak self] in self?.close() }
        save.onClick { [weak self] in self?.save() }
        showRules()
        recount()
        window.present()
    }

    func close() { window.close() }

    /// The name a list shows for the smart playlist `name`: a built-in one's in the user's language.
    static func shownName(_ name: String, text: Localizer) -> String {
        SmartPlaylist(name: name).map { text.string("smartPlaylist." + $0.rawValue) } ?? name
    }

    private func settingsGroup() -> PreferencesGroup {
        let group = PreferencesGroup(title: text.string("smartEdit.settings"))
        name.setWidth(260)
        name.centerVertically()
        name.keepAtEnd()
        let row = ActionRow(title: text.string("smartEdit.name"))
        row.addSuffix(name)
        if let editing, SmartPlaylist(name: editing) != nil {
            name.isSensitive = false
            row.setTooltip(text.string("smartEdit.builtInName"))
        }
        for part in [row, match, limit, limitUnit, order] { group.add(part) }
        match.onChange { [weak self] _ in self?.recount() }
        limit.onChange { [weak self] _ in self?.recount() }
        limitUnit.onChange { [weak self] _ in self?.recount() }
        order.onChange { [weak self] _ in self?.recount() }
        parts += [row]
        return group
    }

    private func rulesGroup() -> PreferencesGroup {
        let group = PreferencesGroup(title: text.string("smartEdit.rules"))
        let remove = Button(label: text.string("smartEdit.removeRule"))
        group.setHeaderSuffix(remove)
        ruleList.setListLabel(text.string("smartEdit.rules"))
        ruleList.setSize(width: -1, height: 150)
        group.add(ruleList)
        remove.onClick { [weak self] in
            guard let self, let row = ruleList.selectedIndices.first, rules.rules.indices.contains(row) else { return }
            rules.rules.remove(at: row)
            showRules()
            recount()
        }
        parts += [remove]
        return group
    }

    private func builderGroup() -> PreferencesGroup {
        let group = PreferencesGroup(title: text.string("smartEdit.addRule"))
        fields.setListLabel(text.string("smartEdit.field"))
        operators.setListLabel(text.string("smartEdit.operator"))
        value.setAccessibleLabel(text.string("smartEdit.value"))
        for list in [fields, operators] { list.setSize(width: 190, height: 220) }
        fields.setRows(SmartField.allCases.map { SmartPlaylistText.field($0, text: text) })
        let add = Button(label: text.string("smartEdit.addRule"))
        add.addCSSClass("suggested-action")
        let valueColumn = Box(vertical: true, spacing: 6)
        valueColumn.append(value)
        valueColumn.append(add)
        let row = Box(vertical: false, spacing: 12)
        row.append(fields)
        row.append(operators)
        row.append(valueColumn)
        group.add(row)
        fields.onSelectionChange { [weak self] in self?.showOperators() }
        add.onClick { [weak self] in self?.addRule() }
        value.onActivate { [weak self] in self?.addRule() }
        parts += [add, valueColumn, row]
        return group
    }

    private var chosenField: SmartField? {
        fields.selectedIndices.first.flatMap {
            SmartField.allCases.indices.contains($0) ? SmartField.allCases[$0] : nil
        }
    }

    /// The operators of the field chosen, the first chosen; the value's placeholder says what it takes.
    private func showOperators() {
        guard let field = chosenField else {
            operators.setRows([])
            return
        }
        operators.setRows(field.operators.map { SmartPlaylistText.comparison($0, text: text) })
        operators.select(0)
        value.placeholder = SmartPlaylistText.valueHint(for: field, text: text)
    }

    private func addRule() {
        guard let field = chosenField, let row = operators.selectedIndices.first, field.operators.indices.contains(row)
        else {
            say(text.string("smartEdit.chooseField"))
            return
        }
        guard rules.rules.count < SmartRules.maximumRules else {
            say(text.string("smart.tooManyRules", SmartRules.maximumRules))
            return
        }
        do {
            let written = value.text.trimmingCharacters(in: .whitespaces)
            rules.rules.append(try SmartRule(field, field.operators[row], written: written))
        } catch {
            say(SmartPlaylistText.describe(error, text: text))
            return
        }
        say(nil)
        value.text = ""
        showRules()
        recount()
    }

    private func showRules() {
        let shown = rules.rules.map { RowText.shown(SmartPlaylistText.rule($0, text: text)) }
        ruleList.setRows(shown.isEmpty ? [text.string("smartEdit.noRules")] : shown)
    }

    /// The rules as the controls say them now.
    private var edited: SmartRules {
        var edited = rules
        edited.match = match.selected == 1 ? .any : .all
        let count = Int(limit.value)
        edited.limit = count <= 0 ? nil : limitUnit.selected == 1 ? .minutes(count) : .songs(count)
        edited.order =
            SmartOrder.allCases.indices.contains(order.selected) ? SmartOrder.allCases[order.selected] : .library
        return edited
    }

    /// Counts the songs the rules match now, off the main thread; the answer to the last count asked is shown.
    private func recount() {
        counting += 1
        let asked = counting
        status.text = text.string("smartEdit.counting")
        controller.countSmartSongs(edited) { [weak self] count in
            guard let self, asked == counting else { return }
            status.text =
                count.map { text.count("smartEdit.count", $0) }
                ?? text.string("smartEdit.notCounted")
        }
    }

    private func save() {
        let chosen = name.text.trimmingCharacters(in: .whitespaces)
        guard !chosen.isEmpty else {
            say(text.string("smartEdit.needName"))
            return
        }
        controller.saveSmartPlaylist(chosen, rules: edited, replacing: editing) { [weak self] refusal in
            guard let self else { return }
            guard let refusal else { return close() }
            say(refusal)
        }
    }

    /// Shows what is wrong above the settings (nil: nothing).
    private func say(_ problem: String?) {
        self.problem.text = problem ?? ""
        self.problem.isVisible = problem != nil
    }
}
