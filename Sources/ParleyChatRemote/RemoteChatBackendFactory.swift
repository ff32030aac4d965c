import Foundation
import ParleyChat

/// Makes a ``RemoteChatBackend`` for Stream's `ChatClient.connectUser(userInfo:token:completion:)`
/// when `ChatClientConfig.baseURL` names a server: `ChatClient` finds this class by name in any
/// program that links `ParleyChatRemote`, so the connect code is the same as with Stream.
public final class RemoteChatBackendFactory: ChatServerBackendFactory {
    /// A backend for `serverURL` carrying `token`, with the default reconnect settings and
    /// `config`'s request timeout.
    public static func makeBackend(serverURL: URL, token: Token, config: ChatClientConfig) -> any ChatBackend {
        RemoteChatBackend(configuration: RemoteChatConfiguration(
            serverURL: serverURL, token: token.rawValue, requestTimeout: .seconds(config.timeoutIntervalForRequest)))
    }
}
