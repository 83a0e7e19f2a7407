import CGtk
import Foundation
import Gtk
import Testing

/// A yielding timer (the background's fade steps, B-L6) waits while the main loop has other work; an ordinary one
/// runs between that work's steps.
@Suite(.serialized)
struct YieldingTimerTests {
    /// Runs a 1 ms timer beside five idle steps of 3 ms each on GLib's main loop (this test's thread takes it; no other
    /// test runs it), and returns the order in which they ran, the timer's first call once the steps are done.
    private static func order(yielding: Bool) throws -> [String] {
        let context = g_main_context_default()
        try #require(g_main_context_acquire(context) != 0)
        defer { g_main_context_release(context) }
        var order: [String] = []
        var steps = 0
        var timer: MainThreadTimer?
        MainThread.whileIdle {
            steps += 1
            order.append("step")
            usleep(3_000)  // busy: the timer falls due meanwhile
            return steps < 5
        }
        timer = MainThreadTimer(milliseconds: 1, yielding: yielding) {
            order.append("timer")
            if steps == 5 { timer = nil }
        }
        while timer != nil { g_main_context_iteration(context, 1) }
        return order
    }

    @Test func aYieldingTimerWaitsUntilTheMainLoopHasNoOtherWork() throws {
        #expect(try Self.order(yielding: true) == ["step", "step", "step", "step", "step", "timer"])
    }

    @Test func anOrdinaryTimerRunsBetweenTheIdleSteps() throws {
        let order = try Self.order(yielding: false)
        #expect(order.firstIndex(of: "timer")! < order.lastIndex(of: "step")!)
    }
}
