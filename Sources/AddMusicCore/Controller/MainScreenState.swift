import MediaModel
import MusicPlayer

/// Everything the main screen shows, decided by `AppController` (the rules of docs/BEHAVIOUR.md); a screen draws it as it is.
public struct MainScreenState: Sendable, Equatable {
    /// Which of its two faces the play/pause control shows.
    public enum PlayPauseControl: Sendable, Equatable {
        /// The play symbol: pressing it plays.
        case play
        /// The pause symbol: pressing it pauses.
        case pause
    }

    /// What the artwork area holds.
    public enum Artwork: Sendable, Equatable {
        /// Nothing yet (at launch, B-L1).
        case empty
        /// The "no artwork" placeholder: the item playing has none (B-N1).
        case placeholder
        /// The item's thumbnail, as JPEG bytes (at most 256 pixels a side).
        case thumbnail([UInt8])
    }

    /// The playing item's title, artist and album, for the now-playing view.
    public struct NowPlaying: Sendable, Equatable {
        public var title: String
        /// The artist, or "Unknown Artist".
        public var artist: String
        public var album: String?
        /// Its stars, 0–5, as the player's statistics keep them (B-H4); nil while they are read, or when it has
        /// none.
        public var rating: Int?
        /// Whether it can be rated: its statistics are kept somewhere this app may write (B-H7); false while they
        /// are read.
        public var canRate = false

        public init(title: String, artist: String, album: String?, rating: Int? = nil, canRate: Bool = false) {
            self.title = title
            self.artist = artist
            self.album = album
            self.rating = rating
            self.canRate = canRate
        }
    }

    /// The route-change alert (B-R2).
    public struct Alert: Sendable, Equatable {
        public var title: String
        public var message: String
        public var stopTitle: String
        public var resumeTitle: String
    }

    /// The instruction, now-playing or music-ended line (B-L1, B-N1, B-N2).
    public var text: String
    /// The artwork area.
    public var artwork: Artwork = .empty
    /// Whether `artwork` is the playing song's own: false from a new song's start until its artwork has been read
    /// (the area keeps the last song's meanwhile), and while nothing plays.
    public var isArtworkCurrent = false
    /// Whether the play/pause control can be pressed (not while there is no queue, B-L1).
    public var isPlayPauseEnabled = false
    /// The face of the play/pause control (B-P2).
    public var playPauseControl = PlayPauseControl.play
    /// "Add Music" or, once there is a queue, "Show Music" (B-A5).
    public var musicButtonTitle: String
    /// "Play App Sound".
    public var appSoundButtonTitle: String
    /// Whether Play App Sound can be pressed (not while the sound plays, B-S2, B-S3).
    public var isAppSoundEnabled = true
    /// The media picker's prompt, "Add songs to play" (B-A1).
    public var pickerPrompt: String
    /// Whether the media picker is open (B-A1, B-A2).
    public var isPickerOpen = false
    /// Whether the queue view is open (B-A6).
    public var isQueueOpen = false
    /// The player's queue as its last event gave it, for the queue view.
    public var queue = QueueSnapshot()
    /// The index in `queue` of the item playing or paused.
    public var nowPlayingIndex: Int?
    /// How the player orders the queue, as its last event gave it.
    public var shuffleMode = ShuffleMode.off
    /// What the player repeats, as its last event gave it.
    public var repeatMode = RepeatMode.none
    /// The player's volume (0 silent, 1 full), as its last event gave it.
    public var volume = 1.0
    /// The sleep timer, while one runs (B-P11): its plan and the whole seconds left (the end of a song or of the
    /// queue counts down with the music).
    public var sleep: Sleep?

    /// A sleep timer as the screen shows it.
    public struct Sleep: Sendable, Equatable {
        public var plan: SleepPlan
        public var secondsLeft: Int
    }
    /// The route-change alert, while it is up.
    public var alert: Alert?
    /// The background colour to blend to, over `BackgroundAnimation.blend` seconds; nil when the animation is off.
    public var backgroundColor: BackgroundAnimation.Color?
    /// The newest passing message for the user (an item skipped, the audio server gone or back, the library
    /// changed): each one posted has an id of its own, so the same text twice is shown twice.
    public var message: PassingMessage?
    /// The playing item's title, artist and album; nil while none plays.
    public var nowPlaying: NowPlaying?
    /// The ratings the user set in this run, by song id (0: unrated): views that show songs read from the library
    /// or the daemon before apply these over what they read.
    public var ratingsSet: [Int64: Int] = [:]
    /// Counts the tag edits and undos finished (B-H10): a view showing songs' tags reads them again when it changes.
    public var tagEditsFinished = 0
    /// Counts the changes made to the playlists from the window (B-Y6): a view listing them reads them again.
    public var playlistsChanged = 0
    /// The playing item's picture as a JPEG of at most the side the screen asked for (`AppController.
    /// setLargeArtworkSide`), made from the full embedded or folder picture; nil until it is read, or when the
    /// library has no picture for the item (the screen then shows `artwork`).
    public var largeArtwork: [UInt8]?
    /// The playing item's lyrics, line by line (timed when they are LRC): the library's (its lyrics tag, else the
    /// `.lrc` file beside the song); empty when it has none; nil while they are read or none plays.
    public var lyrics: [LyricsLine]?
    /// The command that moves the music to the other player: "Continue on the music daemon" or "Continue in
    /// AddMusic" (B-P7).
    public var handOffTitle: String
    /// Whether the music can move to the other player now (not while it moves, nor where no other player can be
    /// made).
    public var isHandOffEnabled = false
    /// How far the loudness analysis is (B-P10): "Loudness measured for 120 of 4,000 songs"; nil until it is known.
    public var loudnessStatus: String?
}
