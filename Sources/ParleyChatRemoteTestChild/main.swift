// A remote client process for ParleyChatRemoteTests' kill-mid-send test (it is not part of the SDK).
//
//   ParleyChatRemoteTestChild <server URL> <token> <user> <database>
//
// Opens a ChatClient on <database> with a RemoteChatBackend, writes <user> to the server and
// prints "CONNECTED" once the socket is live. Then each stdin line "send <cid> <text>" sends
// <text> in <cid> (waiting for the channel to reach the store first) without waiting for the
// answer, so the test can kill the process while a send is in flight; "have <cid>" prints
// "HAVE <cid>" once the channel is in the store.
import Foundation
import ParleyChat
import ParleyChatRemote

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
guard arguments.count == 5, let serverURL = URL(string: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: ParleyChatRemoteTestChild <server URL> <token> <user> <database>\n".utf8))
    exit(64)
}
let user = arguments[3]
let backend = RemoteChatBackend(configuration: RemoteChatConfiguration(
    serverURL: serverURL, token: arguments[2], initialReconnectDelay: .milliseconds(50), maximumReconnectDelay: .milliseconds(500)))
do {
    let client = try ChatClient(
        config: ChatClientConfig(currentUserId: user, databaseURL: URL(fileURLWithPath: arguments[4])), backend: backend)
    try await client.upsertUsers([ChatUser(id: user, name: user.capitalized)])
    while client.connectionStatus != .connected { try await Task.sleep(for: .milliseconds(5)) }
    say("CONNECTED")
    // stdin is read on a thread of its own: the main actor stays free for the client.
    let lines = AsyncStream<String> { continuation in
        Thread.detachNewThread {
            while let line = readLine() { continuation.yield(line) }
            continuation.finish()
        }
    }
    var sends: [Task<Void, Never>] = []
    for await line in lines {
        let words = line.split(separator: " ", maxSplits: 2).map(String.init)
        guard words.count >= 2, words[0] == "send" || words[0] == "have" else { continue }
        let cid = try ChannelId(cid: words[1])
        while try client.channel(cid) == nil { try await Task.sleep(for: .milliseconds(5)) }
        guard words[0] == "send", words.count == 3 else {
            say("HAVE \(words[1])")
            continue
        }
        sends.append(Task.detached { _ = try? await client.sendMessage(words[2], in: cid) })
        say("SENDING \(words[2])")
    }
    for send in sends { await send.value }
} catch {
    FileHandle.standardError.write(Data("ParleyChatRemoteTestChild: \(error)\n".utf8))
    exit(1)
}
