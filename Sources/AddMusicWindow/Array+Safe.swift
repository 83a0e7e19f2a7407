extension Array {
    /// The element at `index`, or nil past the ends.
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
