// A writer process for ParleyChatTests' durability test (it is not part of the SDK).
//
//   ParleyChatDurabilityChild <database> <count>           send "durable #0" … "#count-1"
//   ParleyChatDurabilityChild <database> <count> resume    resend failed messages, then send
//                                                          whatever numbers are still missing
//
// Prints "SENT <id> <n>" only after the backend accepted message n, straight to file
// descriptor 1 (no buffering), so every line the parent reads is a promise the store must keep.
import Foundation
import ParleyChat

@MainActor
func main() async -> Int32 {
    let arguments = CommandLine.arguments
    guard arguments.count >= 3, let count = Int(arguments[2]) else {
        report("usage: ParleyChatDurabilityChild <database> <count> [resume]", to: FileHandle.standardError)
        return 64
    }
    let resume = arguments.count > 3 && arguments[3] == "resume"
    let cid = ChannelId(type: .messaging, id: "durability")
    do {
        let client = try ChatClient(opening: ChatClientConfig(
            currentUserId: "writer", databaseURL: URL(fileURLWithPath: arguments[1])))
        if try client.channel(cid) == nil {
            try await client.upsertUsers([ChatUser(id: "writer", name: "Writer")])
            try await client.createChannel(ChannelCreationRequest(cid: cid, name: "Durability"))
        }
        var done = Set<Int>()
        if resume {
            for message in try client.failedMessages() {
                try await client.resendMessage(id: message.id)
                if let number = number(in: message.text) {
                    report("SENT \(message.id) \(number)")
                }
            }
            let controller = client.channelController(for: cid)
            try controller.synchronize()
            while !controller.hasLoadedAllPreviousMessages { try controller.loadPreviousMessages(limit: 200) }
            for message in controller.messages where message.localState == .synced {
                if let number = number(in: message.text) { done.insert(number) }
            }
        }
        for number in 0..<count where !done.contains(number) {
            let id = try await client.sendMessage("durable #\(number)", in: cid)
            report("SENT \(id) \(number)")
        }
        return 0
    } catch {
        report("error: \(error)", to: FileHandle.standardError)
        return 1
    }
}

func number(in text: String) -> Int? {
    text.hasPrefix("durable #") ? Int(text.dropFirst("durable #".count)) : nil
}

func report(_ line: String, to handle: FileHandle = .standardOutput) {
    handle.write(Data((line + "\n").utf8))
}

exit(await main())
