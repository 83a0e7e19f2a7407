import Foundation

/// Last.fm's API 2.0 (https://www.last.fm/api), or another server that speaks it (Libre.fm), for one user's session:
/// the desktop authentication (a token the user allows in the browser, then a session key), `track.updateNowPlaying`
/// and `track.scrobble` in batches of up to 50, every call signed with the API secret (`api_sig`: the MD5 of the
/// parameters in order of their names, then the secret). The API key and secret are the user's own: AddMusic ships
/// none. Each call blocks for at most `timeout` seconds: never on the main thread.
public struct LastFM: ScrobbleService {
    public static let defaultServer = "https://ws.audioscrobbler.com/2.0/"
    static let defaultAuthPage = "https://www.last.fm/api/auth/"

    public var server: String
    var apiKey: String
    var apiSecret: String
    /// The session key, once the user allowed AddMusic.
    public var sessionKey: String?
    var timeout = 20

    var name: String { "lastfm" }
    var batch: Int { 50 }

    public init(server: String = LastFM.defaultServer, apiKey: String, apiSecret: String, sessionKey: String? = nil) {
        self.server = server.hasSuffix("/") ? server : server + "/"
        self.apiKey = apiKey
        self.apiSecret = apiSecret
        self.sessionKey = sessionKey
    }

    /// A token for the user to allow (`auth.getToken`).
    public func token() -> Result<String, ScrobbleError> {
        call("auth.getToken", [:], post: false).flatMap { answer in
            guard let token = answer["token"] as? String, !token.isEmpty else {
                return .failure(.server(status: 200, message: "no token in the answer"))
            }
            return .success(token)
        }
    }

    /// The page where the user allows AddMusic to use `token`: Last.fm's, or the same path on another server.
    public func authorizationPage(token: String) -> String {
        var page = Self.defaultAuthPage
        if server != Self.defaultServer, let url = URL(string: server), let scheme = url.scheme, let host = url.host {
            page = "\(scheme)://\(host)\(url.port.map { ":\($0)" } ?? "")/api/auth/"
        }
        return page + "?api_key=" + Self.encoded(apiKey) + "&token=" + Self.encoded(token)
    }

    /// The session of the user who allowed `token` (`auth.getSession`): their name and the session key.
    public func session(token: String) -> Result<(user: String, key: String), ScrobbleError> {
        call("auth.getSession", ["token": token], post: true).flatMap { answer in
            guard let session = answer["session"] as? [String: Any], let key = session["key"] as? String,
                let user = session["name"] as? String
            else { return .failure(.server(status: 200, message: "no session in the answer")) }
            return .success((String(user.prefix(200)), key))
        }
    }

    func submit(_ listens: [Listen]) -> Result<Void, ScrobbleError> {
        var parameters: [String: String] = [:]
        for (index, listen) in listens.prefix(batch).enumerated() {
            for (name, value) in Self.fields(of: listen) { parameters["\(name)[\(index)]"] = value }
            parameters["timestamp[\(index)]"] = String(listen.listenedAt)
        }
        return call("track.scrobble", parameters, post: true).map { _ in () }
    }

    func playingNow(_ listen: Listen) -> Result<Void, ScrobbleError> {
        call("track.updateNowPlaying", Self.fields(of: listen), post: true).map { _ in () }
    }

    /// A listen's parameters, without its time.
    private static func fields(of listen: Listen) -> [String: String] {
        var fields = [
            "artist": listen.artist, "track": listen.title, "duration": String(Int(clamping: listen.duration)),
        ]
        if let album = listen.album { fields["album"] = album }
        if let number = listen.trackNumber { fields["trackNumber"] = String(number) }
        if let id = listen.recordingMBID { fields["mbid"] = id }
        return fields
    }

    /// Calls `method` with `parameters`, the API key, the session key (when there is one) and the signature; the
    /// JSON answer, or the error it stands for.
    private func call(_ method: String, _ parameters: [String: String], post: Bool) -> Result<
        [String: Any], ScrobbleError
    > {
        var signed = parameters
        signed["method"] = method
        signed["api_key"] = apiKey
        if let sessionKey, method.hasPrefix("track.") { signed["sk"] = sessionKey }
        signed["api_sig"] = signature(of: signed)
        signed["format"] = "json"
        let form = signed.sorted { $0.key < $1.key }.map { Self.encoded($0.key) + "=" + Self.encoded($0.value) }
            .joined(separator: "&")
        let request =
            post
            ? HTTPRequest(
                method: "POST", url: server, headers: ["Content-Type: application/x-www-form-urlencoded"],
                body: Array(form.utf8), timeout: timeout)
            : HTTPRequest(method: "GET", url: server + "?" + form, timeout: timeout)
        return request.send().flatMap { reply in
            let answer = (try? JSONSerialization.jsonObject(with: Data(reply.body))) as? [String: Any]
            if let code = answer?["error"] as? Int {
                let message = String(((answer?["message"] as? String) ?? "error \(code)").prefix(200))
                switch code {
                case 4, 9, 10, 13, 14, 26: return .failure(.refused(message))
                case 8, 11, 16, 29: return .failure(.server(status: 503, message: message))
                default: return .failure(.server(status: 400, message: message))
                }
            }
            guard reply.status == 200, let answer else {
                return .failure(
                    .server(status: reply.status == 200 ? 502 : reply.status, message: "not an answer of the API"))
            }
            return .success(answer)
        }
    }

    /// `api_sig`: the MD5 of every parameter's name and value, in order of the names, then the secret.
    func signature(of parameters: [String: String]) -> String {
        let text =
            parameters.filter { $0.key != "format" && $0.key != "callback" }.sorted { $0.key < $1.key }
            .map { $0.key + $0.value }.joined() + apiSecret
        return MD5.hex(Array(text.utf8))
    }

    /// `text` for a URL's query or a form: every byte but the unreserved ones percent-encoded.
    static func encoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: "~"):
                result.append(Character(Unicode.Scalar(byte)))
            default:
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }
}
