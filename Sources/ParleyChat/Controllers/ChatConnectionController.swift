/// Receives a ``ChatConnectionController``'s changes on the main actor.
@preconcurrency @MainActor
public protocol ChatConnectionControllerDelegate: AnyObject {
    /// The connection status changed; `controller.connectionStatus` already holds `status`.
    func connectionController(_ controller: ChatConnectionController, didUpdateConnectionStatus status: ConnectionStatus)
}

/// The connection to the server, as Stream's `ChatConnectionController`: its
/// ``connectionStatus`` and a delegate told of every change, on the main actor.
///
/// With the embedded backend the status is ``ConnectionStatus/connected`` for good.
@preconcurrency @MainActor
public final class ChatConnectionController {
    /// The client whose connection this is.
    public let client: ChatClient
    /// The current status.
    public private(set) var connectionStatus: ConnectionStatus
    /// Receives changes.
    public weak var delegate: (any ChatConnectionControllerDelegate)?
    /// Called with every change, after the delegate (for owners that are not delegates).
    public var onStatusChange: ((ConnectionStatus) -> Void)?

    private let token: Int

    /// Creates a controller observing `client`'s connection.
    public init(client: ChatClient) {
        self.client = client
        connectionStatus = client.connectionStatus
        let box = WeakControllerBox()
        token = client.syncStore.addConnectionObserver { _ in
            Task { @MainActor in box.controller?.update() }
        }
        box.controller = self
    }

    isolated deinit {
        client.syncStore.removeConnectionObserver(token)
    }

    /// Observers' tasks may run out of order: the client's current value is the truth.
    private func update() {
        let current = client.connectionStatus
        guard current != connectionStatus else { return }
        connectionStatus = current
        delegate?.connectionController(self, didUpdateConnectionStatus: current)
        onStatusChange?(current)
    }
}

/// A weak reference the connection observer (a `@Sendable` closure) can carry to the main actor.
@MainActor
private final class WeakControllerBox: Sendable {
    weak var controller: ChatConnectionController?
}

extension ChatClient {
    /// A controller reporting the connection status.
    @preconcurrency @MainActor
    public func connectionController() -> ChatConnectionController {
        ChatConnectionController(client: self)
    }
}
