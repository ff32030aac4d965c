import Foundation
@testable import ParleyComponent
import ParleyDiff
import ParleyTesting
import ParleyUIKit
import Testing

/// `ComponentList` edits in place what a full rebuild would build, and its host keeps what the
/// user sees where it is.
@MainActor
@Suite struct ComponentListTests {
    /// A row whose height follows from its id and version, known to the test.
    static func height(_ id: String, version: Int) -> CGFloat {
        CGFloat(20 + (id.utf8.reduce(0) { $0 &+ Int($1) } &+ version * 7) % 50)
    }

    static func row(_ id: String, version: Int = 0, estimate: CGFloat? = nil) -> ComponentList.Row {
        ComponentList.Row(id: id, version: version, estimatedHeight: estimate ?? height(id, version: version),
                          component: TestRow(id: id, height: height(id, version: version)))
    }

    @Test func editsMatchAModelArray() {
        var rng = SeededGenerator(seed: 17)
        var model: [String] = []
        var versions: [String: Int] = [:]
        let list = ComponentList()
        var next = 0
        func fresh() -> String { defer { next += 1 }; return "r\(next)" }
        for step in 0..<3_000 {
            switch Int.random(in: 0..<6, using: &rng) {
            case 0, 1:  // insert a run before a random row or at the end
                let run = (0..<Int.random(in: 1...40, using: &rng)).map { _ in fresh() }
                let at = Int.random(in: 0...model.count, using: &rng)
                list.insert(run.map { Self.row($0) }, before: at < model.count ? model[at] : nil)
                model.insert(contentsOf: run, at: at)
            case 2:  // insert after a random row or at the start
                let run = (0..<Int.random(in: 1...5, using: &rng)).map { _ in fresh() }
                let at = Int.random(in: -1..<model.count, using: &rng)
                list.insert(run.map { Self.row($0) }, after: at >= 0 ? model[at] : nil)
                model.insert(contentsOf: run, at: at + 1)
            case 3 where !model.isEmpty:  // remove some
                let gone = Set((0..<Int.random(in: 1...30, using: &rng)).map { _ in model.randomElement(using: &rng)! })
                list.remove(gone)
                model.removeAll { gone.contains($0) }
            case 4 where !model.isEmpty:  // update one
                let id = model.randomElement(using: &rng)!
                versions[id, default: 0] += 1
                list.update(Self.row(id, version: versions[id]!))
            default:  // a duplicate is dropped, an unknown id ignored
                if let id = model.first { list.insert([Self.row(id)], before: nil) }
                list.remove(["nope"])
            }
            #expect(list.count == model.count)
            if step % 50 == 0 || model.count < 200 {
                #expect(list.ids == model, "step \(step)")
                list.root.checkInvariants()
            }
            if let probe = model.indices.randomElement(using: &rng) {
                #expect(list.index(of: model[probe]) == probe)
                #expect(list.version(of: model[probe]) == (versions[model[probe]] ?? 0))
            }
        }
        #expect(list.ids == model)
    }

    /// Random `ListChange`s of random data, applied to the list, give the rows a rebuild gives.
    @Test func applyingChangesMatchesARebuild() {
        var rng = SeededGenerator(seed: 99)
        var data: [Int] = Array(0..<300)
        var versions = [Int: Int]()
        let list = ComponentList(data.map { Self.row("\($0)") })
        var next = 300
        for step in 0..<400 {
            var new = data
            var updated: [Int] = []
            for _ in 0..<Int.random(in: 0...6, using: &rng) {
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: new.insert(next, at: Int.random(in: 0...new.count, using: &rng)); next += 1
                case 1 where !new.isEmpty: new.remove(at: Int.random(in: 0..<new.count, using: &rng))
                case 2 where new.count > 1:  // a move
                    let moved = new.remove(at: Int.random(in: 0..<new.count, using: &rng))
                    new.insert(moved, at: Int.random(in: 0...new.count, using: &rng))
                default:
                    if let id = new.randomElement(using: &rng), data.contains(id) { updated.append(id) }
                }
            }
            for id in updated { versions[id, default: 0] += 1 }
            struct Item: Identifiable, Equatable { var id: Int; var version: Int }
            let change = ListChange<Int>.between(data.map { Item(id: $0, version: 0) },
                                                 new.map { Item(id: $0, version: updated.contains($0) ? 1 : 0) })
            var index: [Int: Int] = [:]
            for (offset, id) in new.enumerated() { index[id] = offset }
            list.apply(change, count: new.count, indexOf: { index[$0] }, idAt: { new[$0] }, rowID: { "\($0)" },
                       row: { Self.row("\($0)", version: versions[$0] ?? 0) })
            data = new
            #expect(list.ids == data.map { "\($0)" }, "step \(step)")
            for id in updated where data.contains(id) { #expect(list.version(of: "\(id)") == versions[id]) }
        }
    }

    /// An insertion rebuilds one chunk: every other chunk of a 50,000-row list is shared.
    @Test func anInsertionSharesEveryOtherChunk() {
        let list = ComponentList((0..<50_000).map { Self.row("m\($0)") })
        let before = list.root.chunks
        list.insert([Self.row("new")], before: nil)
        let after = list.root.chunks
        #expect(after.count == before.count)
        #expect(zip(before.dropLast(), after.dropLast()).allSatisfy { $0 === $1 })
        #expect(before.last !== after.last)
        #expect(list.index(of: "new") == 50_000)
        #expect(list.index(of: "m25000") == 25_000)
    }

    /// The host shows an edited list exactly as it shows the same rows built from scratch.
    @Test func hostedEditsMatchARebuild() {
        var rng = SeededGenerator(seed: 5)
        var model = (0..<400).map { "h\($0)" }
        let edited = ComponentList(model.map { Self.row($0) })
        let editedView = ComponentView(frame: CGRect(x: 0, y: 0, width: 300, height: 500))
        editedView.list = edited
        editedView.layoutIfNeeded()
        var next = 400
        for step in 0..<60 {
            if Bool.random(using: &rng) {
                let at = Int.random(in: 0...model.count, using: &rng)
                let id = "h\(next)"; next += 1
                edited.insert([Self.row(id)], before: at < model.count ? model[at] : nil)
                model.insert(id, at: at)
            } else if let gone = model.randomElement(using: &rng) {
                edited.remove([gone])
                model.removeAll { $0 == gone }
            }
            editedView.contentOffset.y = CGFloat(Int.random(in: 0...8_000, using: &rng))
            editedView.layoutIfNeeded()
            let rebuiltView = ComponentView(frame: editedView.frame)
            rebuiltView.list = ComponentList(model.map { Self.row($0) })
            rebuiltView.layoutIfNeeded()
            rebuiltView.contentOffset = editedView.contentOffset
            rebuiltView.layoutIfNeeded()
            #expect(editedView.contentSize == rebuiltView.contentSize, "step \(step)")
            #expect(editedView.visibleIDs == rebuiltView.visibleIDs, "step \(step)")
            #expect(editedView.visibleViews.map(\.frame) == rebuiltView.visibleViews.map(\.frame), "step \(step)")
        }
    }

    /// At the bottom, an arrival comes into view; scrolled up, arrivals, insertions above and a
    /// row above growing leave what the user sees where it was.
    @Test func whatTheUserSeesNeverJumps() {
        let list = ComponentList((0..<2_000).map { Self.row("a\($0)", estimate: 44) })
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        view.contentAnchor = .bottom
        view.list = list
        view.layoutIfNeeded()
        #expect(view.isScrolledToBottom)
        #expect(view.visibleIDs.contains { $0.hasPrefix("a1999/") })

        list.insert([Self.row("arrival")], before: nil)
        view.layoutIfNeeded()
        #expect(view.isScrolledToBottom)
        #expect(view.visibleIDs.contains { $0.hasPrefix("arrival/") })

        view.contentOffset.y -= 2_000
        view.layoutIfNeeded()
        let seen = screenPositions(view)
        #expect(!seen.isEmpty)
        list.insert([Self.row("later")], before: nil)
        list.insert((0..<25).map { Self.row("older\($0)", estimate: 44) }, after: nil)
        let above = view.visibleIDs.first.flatMap { list.index(of: String($0.prefix { $0 != "/" })) }.map { max(0, $0 - 30) } ?? 0
        let aboveID = list.ids[above]
        list.update(Self.row(aboveID, version: 3))
        view.layoutIfNeeded()
        for (id, y) in screenPositions(view) where seen[id] != nil {
            #expect(abs(y - seen[id]!) < 0.5, "\(id) moved from \(seen[id]!) to \(y)")
        }
        #expect(!view.isScrolledToBottom)
    }

    /// Only the view of the updated row is updated; the others stay as they are.
    @Test func anUpdateTouchesOnlyItsRowsView() {
        let list = ComponentList((0..<50).map { Self.row("u\($0)") })
        let view = ComponentView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        view.list = list
        view.layoutIfNeeded()
        let shown = view.visibleIDs.filter { !$0.contains("/") }
        list.update(Self.row("u2", version: 1))
        view.layoutIfNeeded()
        let stats = view.lastRenderStats
        #expect(stats.updated > 0)
        #expect(stats.updated <= 3, "only u2's views: \(stats.updated) of \(view.visibleViews.count) updated; \(shown)")
    }
}

/// The reuse pool is bounded over all keys, not only per key: a message list has a key per row
/// layout, and full pools per key held hundreds of views with their bitmaps.
@MainActor
@Suite struct ReusePoolBoundTests {
    @Test func thePoolHoldsAtMostItsCapacityOverAllKeys() {
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let pool = ReusePool(capacityPerKey: 8, capacity: 20)
        var views: [UIView] = []
        for key in 0..<10 {
            for _ in 0..<8 {
                let view = UIView()
                host.addSubview(view)
                views.append(view)
                pool.enqueue(view, key: "k\(key)")
            }
        }
        #expect(pool.count == 20)
        // The views the pool let go left the host; the kept ones are parked in it, hidden.
        #expect(host.subviews.count == 20)
        #expect(host.subviews.allSatisfy { $0.isHidden })
        // Every key can still get views back.
        #expect(pool.dequeue(key: "k9") != nil)
        #expect(pool.count == 19)
    }
}
