import AddMusicCore
import Foundation
import Gtk

/// The preferences window's Scrobbling group (B-H11): for ListenBrainz and Last.fm, whether it is connected (to
/// which server) and how many listens wait, with what connects it — ListenBrainz's token; Last.fm's API key and
/// secret, then the page the browser opens where the user allows AddMusic, then Finish — and Disconnect. Every
/// server, keyring and disk wait is `ScrobbleConnections`' own queue's; each answer is shown as it comes. On the main
/// thread.
@MainActor
final class ScrobbleGroup {
    let group: PreferencesGroup
    private let text: Localizer
    private let connections = ScrobbleConnections()
    private let listenBrainzRow: ActionRow
    private let lastFMRow: ActionRow
    private let token: TextEntry
    private let apiKey: TextEntry
    private let apiSecret: TextEntry
    private let connectListenBrainz: Button
    private let connectLastFM: Button
    private let disconnectListenBrainz: Button
    private let disconnectLastFM: Button
    /// Last.fm half-way through its desktop authentication (its page opened; Finish ends it).
    private var pendingLastFM: ScrobbleConnections.PendingLastFM?
    /// A line to show after a service's status until the next change: where its secret went, or why it failed.
    private var notes: [String: String] = [:]

    init(text: Localizer) {
        self.text = text
        group = PreferencesGroup(
            title: text.string("prefs.scrobbling"), description: text.string("prefs.scrobbling.note"))
        listenBrainzRow = ActionRow(title: "ListenBrainz", subtitle: text.string("prefs.scrobbling.reading"))
        lastFMRow = ActionRow(title: "Last.fm", subtitle: text.string("prefs.scrobbling.reading"))
        token = TextEntry(placeholder: text.string("prefs.scrobbling.token"))
        apiKey = TextEntry(placeholder: text.string("prefs.scrobbling.apiKey"))
        apiSecret = TextEntry(placeholder: text.string("prefs.scrobbling.apiSecret"))
        for secret in [token, apiSecret] { secret.isSecret = true }
        connectListenBrainz = Button(label: text.string("prefs.scrobbling.connect"))
        connectListenBrainz.setAccessibleLabel(text.string("prefs.scrobbling.connectTo", "ListenBrainz"))
        connectLastFM = Button(label: text.string("prefs.scrobbling.connect"))
        connectLastFM.setAccessibleLabel(text.string("prefs.scrobbling.connectTo", "Last.fm"))
        disconnectListenBrainz = Button(label: text.string("prefs.scrobbling.disconnect"))
        disconnectListenBrainz.setAccessibleLabel(text.string("prefs.scrobbling.disconnectFrom", "ListenBrainz"))
        disconnectLastFM = Button(label: text.string("prefs.scrobbling.disconnect"))
        disconnectLastFM.setAccessibleLabel(text.string("prefs.scrobbling.disconnectFrom", "Last.fm"))
        listenBrainzRow.addSuffix(disconnectListenBrainz)
        lastFMRow.addSuffix(disconnectLastFM)
        let tokenRow = ActionRow(title: text.string("prefs.scrobbling.tokenRow"))
        tokenRow.addSuffix(token)
        tokenRow.addSuffix(connectListenBrainz)
        let keysRow = ActionRow(title: text.string("prefs.scrobbling.keysRow"))
        keysRow.addSuffix(apiKey)
        keysRow.addSuffix(apiSecret)
        keysRow.addSuffix(connectLastFM)
        for row in [listenBrainzRow, tokenRow, lastFMRow, keysRow] { group.add(row) }
        connectListenBrainz.onClick { [weak self] in self?.connectToListenBrainz() }
        token.onActivate { [weak self] in self?.connectToListenBrainz() }
        connectLastFM.onClick { [weak self] in self?.connectToLastFM() }
        disconnectListenBrainz.onClick { [weak self] in self?.disconnect("listenbrainz") }
        disconnectLastFM.onClick { [weak self] in self?.disconnect("lastfm") }
        refresh()
    }

    /// Reads each service's status again and shows it.
    private func refresh() {
        connections.status { [weak self] statuses in
            guard let self else { return }
            for status in statuses { show(status) }
        }
    }

    private func show(_ status: ScrobbleConnections.Status) {
        let row = status.service == "lastfm" ? lastFMRow : listenBrainzRow
        var line =
            if let server = status.server {
                text.string("prefs.scrobbling.connected", RowText.shown(server), status.waiting)
            } else {
                text.string("prefs.scrobbling.none", status.waiting)
            }
        if let note = notes[status.service] { line += " — " + note }
        row.subtitle = line
        let connected = status.server != nil
        (status.service == "lastfm" ? disconnectLastFM : disconnectListenBrainz).isSensitive = connected
    }

    private func connectToListenBrainz() {
        connectListenBrainz.isSensitive = false
        listenBrainzRow.subtitle = text.string("prefs.scrobbling.asking")
        connections.connectListenBrainz(token: token.text) { [weak self] outcome in
            guard let self else { return }
            connectListenBrainz.isSensitive = true
            noteOutcome(outcome, for: "listenbrainz")
            if case .success = outcome { token.text = "" }
            refresh()
        }
    }

    /// Connect asks the server for a token and opens the page where the user allows AddMusic; the button then reads
    /// Finish, which asks for the session.
    private func connectToLastFM() {
        connectLastFM.isSensitive = false
        lastFMRow.subtitle = text.string("prefs.scrobbling.asking")
        if let pending = pendingLastFM {
            connections.finishLastFM(pending) { [weak self] outcome in
                guard let self else { return }
                pendingLastFM = nil
                connectLastFM.label = text.string("prefs.scrobbling.connect")
                connectLastFM.setAccessibleLabel(text.string("prefs.scrobbling.connectTo", "Last.fm"))
                connectLastFM.isSensitive = true
                noteOutcome(outcome, for: "lastfm")
                if case .success = outcome { apiSecret.text = "" }
                refresh()
            }
            return
        }
        connections.startLastFM(apiKey: apiKey.text, apiSecret: apiSecret.text) { [weak self] outcome in
            guard let self else { return }
            connectLastFM.isSensitive = true
            switch outcome {
            case .success(let pending):
                pendingLastFM = pending
                connectLastFM.label = text.string("prefs.scrobbling.finish")
                connectLastFM.setAccessibleLabel(text.string("prefs.scrobbling.finishWith", "Last.fm"))
                lastFMRow.subtitle = text.string("prefs.scrobbling.allow", RowText.shown(pending.page))
                group.openInBrowser(pending.page)
            case .failure(let failure):
                notes["lastfm"] = RowText.shown(failure.reason)
                refresh()
            }
        }
    }

    private func disconnect(_ service: String) {
        notes[service] = nil
        connections.disconnect(service) { [weak self] failure in
            guard let self else { return }
            if let failure { notes[service] = RowText.shown(failure.reason) }
            refresh()
        }
    }

    /// Keeps what a connection's outcome says to show after the service's status.
    private func noteOutcome(
        _ outcome: Result<(user: String, place: ScrobbleAccounts.Place), ScrobbleConnections.Failure>,
        for service: String
    ) {
        switch outcome {
        case .success(let connected):
            notes[service] =
                text.string("prefs.scrobbling.as", RowText.shown(connected.user)) + " "
                + connected.place.said(by: text, shown: RowText.shown)
        case .failure(let failure):
            notes[service] = RowText.shown(failure.reason)
        }
    }
}
