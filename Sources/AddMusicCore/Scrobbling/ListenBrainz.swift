import Foundation
import MediaModel

/// A ListenBrainz server (https://listenbrainz.readthedocs.io/en/latest/users/api/core.html) or another that speaks
/// its API, for one user's token: listens submitted, the song playing now, the token checked. Each call blocks for at
/// most `timeout` seconds: call it on the scrobbler's queue, never the main thread.
public struct ListenBrainz: ScrobbleService {
    /// The public server.
    public static let defaultServer = "https://api.listenbrainz.org"
    /// The most listens one request carries.
    static let batch = 100

    public var server: String
    var token: String
    var timeout = 20

    var name: String { "listenbrainz" }
    var batch: Int { Self.batch }

    public init(server: String, token: String) {
        self.server = server.hasSuffix("/") ? String(server.dropLast()) : server
        self.token = token
    }

    /// Submits `listens` (at most `batch`): one as a "single" listen, more as an "import".
    func submit(_ listens: [Listen]) -> Result<Void, ScrobbleError> {
        let type = listens.count == 1 ? "single" : "import"
        return post(["listen_type": type, "payload": listens.map { Self.payload($0, timed: true) }])
    }

    /// Tells the server what plays now (not kept as a listen).
    func playingNow(_ listen: Listen) -> Result<Void, ScrobbleError> {
        post(["listen_type": "playing_now", "payload": [Self.payload(listen, timed: false)]])
    }

    /// Checks the token: the user's name, or why not.
    public func validate() -> Result<String, ScrobbleError> {
        let request = HTTPRequest(
            method: "GET", url: server + "/1/validate-token", headers: ["Authorization: Token " + token],
            timeout: timeout)
        return request.send().flatMap { reply in
            let answer = (try? JSONSerialization.jsonObject(with: Data(reply.body))) as? [String: Any]
            guard reply.status == 200 else { return .failure(Self.error(reply)) }
            guard answer?["valid"] as? Bool == true, let name = answer?["user_name"] as? String else {
                return .failure(.refused((answer?["message"] as? String) ?? "the token is not valid"))
            }
            return .success(String(name.prefix(200)))
        }
    }

    private func post(_ document: [String: Any]) -> Result<Void, ScrobbleError> {
        let body = (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])) ?? Data()
        let request = HTTPRequest(
            url: server + "/1/submit-listens",
            headers: ["Authorization: Token " + token, "Content-Type: application/json"], body: Array(body),
            timeout: timeout)
        return request.send().flatMap { reply in
            reply.status == 200 ? .success(()) : .failure(Self.error(reply))
        }
    }

    /// The error a reply that is not 200 stands for: 401 refuses the token.
    private static func error(_ reply: HTTPRequest.Reply) -> ScrobbleError {
        let answer = (try? JSONSerialization.jsonObject(with: Data(reply.body))) as? [String: Any]
        let message = String(
            ((answer?["error"] as? String) ?? String(decoding: reply.body.prefix(200), as: UTF8.self)).prefix(200))
        if reply.status == 401 { return .refused(message) }
        return .server(status: reply.status, message: message)
    }

    /// A listen as the API takes it.
    private static func payload(_ listen: Listen, timed: Bool) -> [String: Any] {
        var info: [String: Any] = [
            "duration_ms": Int(clamping: listen.duration * 1000),
            "submission_client": "AddMusic",
            "submission_client_version": AddMusicVersion.current,
            "media_player": "AddMusic",
        ]
        if let number = listen.trackNumber { info["tracknumber"] = number }
        if let id = listen.recordingMBID { info["recording_mbid"] = id }
        if let id = listen.releaseMBID { info["release_mbid"] = id }
        var metadata: [String: Any] = [
            "artist_name": listen.artist, "track_name": listen.title, "additional_info": info,
        ]
        if let album = listen.album { metadata["release_name"] = album }
        var payload: [String: Any] = ["track_metadata": metadata]
        if timed { payload["listened_at"] = listen.listenedAt }
        return payload
    }
}
