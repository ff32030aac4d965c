import Testing

/// The parent of every suite that installs a `HeadlessBackend`.
///
/// `HeadlessBackend.install()` replaces `UIApplication.shared`, so a window test that awaits
/// (a store change, a send) while another suite installs its own application loses its window
/// and fails at random. Nested suites inherit `.serialized`: declare window suites inside
/// `extension HeadlessWindowTests { … }` and they run one at a time.
@MainActor
@Suite(.serialized) struct HeadlessWindowTests {}
