import AudioEngine
import Dispatch
import Foundation
import MediaModel

/// Editing the queue: each edit updates the play order and hands the engine the item to follow the one playing.
extension ApplicationMusicPlayer {
    public func setQueue(_ collection: MediaItemCollection) {
        control.async { [self] in
            replaceQueue(with: collection.items)
            setIndex(nil)
            setState(.stopped)
            emit(.queueChanged)
            save()
        }
    }

    public func setQueueAndPlay(_ collection: MediaItemCollection) {
        control.async { [self] in
            replaceQueue(with: collection.items)
            // No item of the new queue is chosen yet (not told: the one started next is, even at the same index).
            index = nil
            emit(.queueChanged)
            if let first = order.first {
                start(at: first)
                setState(.playing)
            } else {
                setIndex(nil)
                setState(.stopped)
            }
            save()
        }
    }

    public func append(_ collection: MediaItemCollection) {
        control.async { [self] in add(collection.items, at: items.count, appending: true) }
    }

    public func insert(_ collection: MediaItemCollection, at position: Int) {
        control.async { [self] in add(collection.items, at: min(max(0, position), items.count), appending: false) }
    }

    public func removeItem(at position: Int) {
        control.async { [self] in
            guard items.indices.contains(position) else { return }
            let current = index
            if current == position { leaveTally(skipped: false) }
            // The item playing goes: the one after it in the play order takes its place.
            let successor = current == position ? order.following(position) : nil
            var remaining = items
            remaining.remove(at: position)
            queueNow = queueNow.replaced(by: remaining)
            order.remove(position)
            if let handed = handedNext {
                handedNext = (
                    handed.token, handed.index == position ? -1 : handed.index - (handed.index > position ? 1 : 0)
                )
            }
            if let current, current > position {
                index = current - 1  // the same item, moved up
            } else if current == position {
                index = nil  // for the moment: the snapshot below must not name another item as playing
            }
            emit(.queueChanged)
            if current == position {
                if let successor, successor != position {
                    moveTo(successor > position ? successor - 1 : successor)
                } else {
                    unload()
                    emit(.nowPlayingItemChanged(nil))
                    setState(.stopped)
                }
            }
            handNext()
            save()
        }
    }

    public func moveItem(from: Int, to: Int) {
        control.async { [self] in
            guard items.indices.contains(from), items.indices.contains(to), from != to else { return }
            var moved = items
            moved.insert(moved.remove(at: from), at: to)
            queueNow = queueNow.replaced(by: moved)
            order.move(from: from, to: to, shuffled: shuffle != .off)
            // The same item plays on from where it is: only its place changes.
            if let current = index { index = PlayOrder.moved(current, from: from, to: to) }
            if let handed = handedNext {
                handedNext = (handed.token, PlayOrder.moved(handed.index, from: from, to: to))
            }
            emit(.queueChanged)
            handNext()
            save()
        }
    }

    public func clearQueue() {
        control.async { [self] in
            replaceQueue(with: [])
            // The empty queue first: an observer then knows the stop that follows is no end of the music.
            let hadItem = index != nil
            index = nil
            streamTitle = nil
            resumeTime = 0
            emit(.queueChanged)
            if hadItem { emit(.nowPlayingItemChanged(nil)) }
            setState(.stopped)
            save()
        }
    }

    /// Puts `newItems` into the queue at `at` as one change; the item playing plays on. Shuffled, appended items
    /// play after the rest (shuffled among themselves) and inserted ones at random places after the item playing.
    func add(_ newItems: [MediaItem], at: Int, appending: Bool) {
        guard !newItems.isEmpty else { return }
        let added = at..<(at + newItems.count)
        var grown = items
        grown.insert(contentsOf: newItems, at: at)
        queueNow = queueNow.replaced(by: grown)
        if appending {
            order.append(added, shuffled: shuffle != .off)
        } else {
            order.insert(added, shuffled: shuffle != .off, after: index)
        }
        if let current = index, current >= at { index = current + added.count }  // the same item, moved along
        if let handed = handedNext, handed.index >= at { handedNext = (handed.token, handed.index + added.count) }
        handNext()
        emit(.queueChanged)
        save()
    }

    /// Leaves the item playing (its play counted if heard enough, never a skip), stops the engine and makes `items`
    /// the queue, in its own order, with no item chosen yet. On `control`.
    func replaceQueue(with items: [MediaItem]) {
        leaveTally(skipped: false)
        unload()
        queueNow = queueNow.replaced(by: items)
        resetOrder(current: nil)
    }

    /// Builds the play order afresh for the queue, with `current` (if any) kept first when shuffled.
    func resetOrder(current: Int?) {
        order = PlayOrder(items: items, shuffle: shuffle, current: current, repeatMode: order.repeatMode)
    }
}
