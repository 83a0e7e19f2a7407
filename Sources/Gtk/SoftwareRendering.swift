import Foundation

/// The drawing GTK is given on a machine without a GPU. There GL would be Mesa's software rasterizer (llvmpipe):
/// GTK's X11 backend loads it at start to choose a visual, mapping LLVM (about 50 MB of the window's memory), and
/// draws lists and text no faster with it than with cairo. So where no DRM render node exists the window draws with
/// cairo and leaves GL off. A renderer or debug flags set by the user are kept (see
/// https://docs.gtk.org/gtk4/running.html for `GSK_RENDERER` and `GDK_DEBUG`).
enum SoftwareRendering {
    /// Sets the environment before GTK opens its display; does nothing where a render node exists.
    static func chooseBeforeTheDisplayOpens() {
        let environment = ProcessInfo.processInfo.environment
        guard !hasRenderNode, environment["GDK_DEBUG"] == nil else { return }
        switch environment["GSK_RENDERER"] {
        case nil:
            setenv("GSK_RENDERER", "cairo", 0)
        case "cairo":
            break
        default:
            return  // a GL renderer asked for by name: GL stays on
        }
        setenv("GDK_DEBUG", "gl-disable", 0)
    }

    /// Whether `/dev/dri` holds a render node (`renderD128`, …): a GPU, or a virtual one, that GL can draw with.
    private static var hasRenderNode: Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        return names.contains { $0.hasPrefix("renderD") }
    }
}
