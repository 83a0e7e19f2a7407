import Gtk

/// The rows of the main window's body that hold several controls.
extension MainWindow {
    /// The seek bar between the time played and the time left.
    static func progressRow(_ elapsed: Label, _ seekBar: Scale, _ remaining: Label) -> Box {
        let row = Box(vertical: false, spacing: 8)
        elapsed.addCSSClass("numeric")
        remaining.addCSSClass("numeric")
        row.append(elapsed)
        row.append(seekBar)
        row.append(remaining)
        return row
    }

    /// Shuffle and repeat, each a button that steps through its modes (its name says the mode it is in), the
    /// lyrics toggle, details and Add to Playlist…, and the volume.
    static func modesRow(_ shuffle: Button, _ repeatButton: Button, _ toggles: [Widget], _ volume: Scale)
        -> Box
    {
        let row = Box(vertical: false, spacing: 6)
        row.centerHorizontally()
        shuffle.addCSSClass("flat")
        repeatButton.addCSSClass("flat")
        row.append(shuffle)
        row.append(repeatButton)
        toggles.forEach(row.append)
        volume.setWidth(140)
        row.append(Image(iconName: "audio-volume-medium-symbolic", pixelSize: 16))
        row.append(volume)
        return row
    }
}
