import ParleyProtocol

/// The Parley server (issue 20): HTTP + WebSocket over Hummingbird; the wire is `ParleyProtocol`.
enum ParleyServerModule {
    /// The protocol version the server speaks.
    static let protocolVersion = Wire.version
}
