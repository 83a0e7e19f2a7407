import MusicPlayer

extension SystemMusicPlayer {
    /// Waits until every command asked of the player so far is carried out (its reads wait for them).
    func settle() { _ = playbackState }
}
