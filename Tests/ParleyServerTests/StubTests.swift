import Testing
@testable import ParleyServer

@Test("The server speaks the protocol's version")
func serverSpeaksProtocolVersion() {
    #expect(ParleyServerModule.protocolVersion == 1)
}
