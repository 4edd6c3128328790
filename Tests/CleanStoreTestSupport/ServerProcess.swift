import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import XCTest

@testable import CleanStore

/// The real `cleanstore` executable, started on 127.0.0.1 with a port of its own choosing, for
/// tests of what only a process shows: signals, crashes, restarts, many connections.
final class ServerProcess: @unchecked Sendable {
    /// `cleanstore`, built beside the test bundle by `swift build --build-tests`.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("cleanstore")
    }

    private static let startLock = NSLock()

    let process = Process()
    private let output = Pipe()
    private let lock = NSLock()
    private var buffer = ""
    private let started = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)
    private(set) var port = 0

    /// Everything the server has logged so far.
    var log: String { lock.withLock { buffer } }

    /// Starts `cleanstore` on `database` with the test card key (in `CLEANSTORE_CARD_KEY`) unless
    /// `environment` says otherwise (a nil value removes a variable); `arguments` come after the
    /// usual ones. `launcher`, when given, runs the server (e.g. as another user). `home`, when
    /// given, is a folder made by `copyInstallation(into:)`: the server runs from there (its copy
    /// of the executable, `Views/` and `Public/`) instead of from the repository.
    init(
        database: String, secret: String = "process-test-secret-at-least-32-bytes", arguments: [String] = [],
        environment: [String: String?] = [:], launcher: [String] = [], home: URL? = nil
    ) throws {
        let executable = home.map { $0.appendingPathComponent("cleanstore") } ?? Self.executable
        let serverArguments = ["--database", database, "--port", "0", "--secret", secret, "--log-level", "info"] + arguments
        // The metrics listener, when there is one, says "listening on" too, first or second.
        let metricsPort = arguments.firstIndex(of: "--metrics-port").flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil }
        if let program = launcher.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = Array(launcher.dropFirst()) + [executable.path] + serverArguments
        } else {
            process.executableURL = executable
            process.arguments = serverArguments
        }
        var variables = ProcessInfo.processInfo.environment
        variables["CLEANSTORE_CARD_KEY"] = TestCardKeys.base64
        for (name, value) in environment {
            variables[name] = value
        }
        process.environment = variables
        process.currentDirectoryURL = home ?? Repository.root
        process.standardOutput = output
        process.standardError = output
        // Keep reading the log as it comes (a full pipe would block the server), and note the port.
        // A blocking read loop on a thread of its own, never `FileHandle.readabilityHandler`: on
        // Linux that handler's dispatch read source, torn down at the log's end, races libdispatch's
        // epoll bookkeeping and crashed the test process with SIGSEGV in `_dispatch_event_loop_drain`
        // (seen in CI; swift-corelibs-libdispatch issue 949, swift-corelibs-foundation issue 3276).
        // A blocking read registers nothing with libdispatch.
        let reading = output.fileHandleForReading
        let thread = Thread { [weak self] in
            while true {
                let data = reading.availableData
                // Gone (the test dropped it, its deinit killed the server): drain to the end.
                guard let self else {
                    if data.isEmpty { return }
                    continue
                }
                let signalStart = self.noteOutput(data, metricsPort: metricsPort)
                if signalStart { self.started.signal() }
                if data.isEmpty { return }
            }
        }
        thread.name = "ServerProcess log"
        // Only the server may hold the pipe's writing end, so that its exit is the log's end. The
        // end is inheritable: a server started meanwhile by another thread would hold it too
        // (and its log would end only when both had exited), hence one start at a time.
        try Self.startLock.withLock {
            try process.run()
            try output.fileHandleForWriting.close()
        }
        thread.start()
        guard started.wait(timeout: .now() + 60) == .success, lock.withLock({ port }) != 0 else {
            throw ServerError.exited(log)
        }
        noteSetupToken()
    }

    enum ServerError: Error { case exited(String) }

    /// Takes what the server wrote (empty at the log's end: then `ended` is signalled); true when
    /// the start is to be signalled (its port found, or the log ended before one was).
    private func noteOutput(_ data: Data, metricsPort: Int?) -> Bool {
        lock.withLock {
            if data.isEmpty {
                ended.signal()
                return port == 0
            }
            buffer += String(decoding: data, as: UTF8.self)
            guard port == 0 else { return false }
            for range in buffer.ranges(of: "listening on 127.0.0.1:") {
                let digits = buffer[range.upperBound...].prefix { $0.isNumber }
                guard buffer[range.upperBound...].dropFirst(digits.count).first != nil else { return false }
                if let port = Int(digits), port != metricsPort {
                    self.port = port
                    return true
                }
            }
            return false
        }
    }

    /// Copies what the server reads (the executable, `Views/`, `Public/`, and `deploy/`, whose sample
    /// catalog the set-up page loads) into `folder`,
    /// readable and runnable by every user: a server started as another user (`nobody`) must not
    /// depend on where the clone sits (a clone under a folder of mode 0700 is closed to it).
    static func copyInstallation(into folder: URL) throws {
        let files = FileManager.default
        try files.createDirectory(at: folder, withIntermediateDirectories: true)
        try files.copyItem(at: executable, to: folder.appendingPathComponent("cleanstore"))
        for name in ["Views", "Public", "deploy"] {
            try files.copyItem(at: Repository.root.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let everyone = files.enumerator(at: folder, includingPropertiesForKeys: nil).map { $0.compactMap { $0 as? URL } } ?? []
        for item in everyone + [folder] {
            var isFolder: ObjCBool = false
            files.fileExists(atPath: item.path, isDirectory: &isFolder)
            let executable = isFolder.boolValue || item.lastPathComponent == "cleanstore"
            try files.setAttributes([.posixPermissions: executable ? 0o755 : 0o644], ofItemAtPath: item.path)
        }
    }

    /// The set-up tokens servers logged, by their base URL (`LiveBrowser.open` makes the first supervisor with one).
    private static let setupTokens = NSLock()
    nonisolated(unsafe) private static var tokensByURL: [String: String] = [:]

    static func setupToken(for baseURL: String) -> String? {
        setupTokens.withLock { tokensByURL[baseURL] }
    }

    private func noteSetupToken() {
        guard let range = log.range(of: "/setup?token=") else { return }
        let token = String(log[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        Self.setupTokens.withLock { Self.tokensByURL[baseURL] = token }
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Sends `signal` and waits for the process to end, for at most `timeout` (then SIGKILL);
    /// returns its exit status and its log.
    func stop(with signal: Int32, within timeout: Duration = .seconds(60)) -> (status: Int32, log: String) {
        kill(process.processIdentifier, signal)
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        // Once the server has exited, what it wrote is in the pipe and is read at once; the log's
        // end (EOF) comes at once too, unless another process inherited the pipe's writing end
        // (seen rarely on CI, 30 s lost): so wait briefly, not for the end at any cost.
        _ = ended.wait(timeout: .now() + 2)
        return (process.terminationStatus, log)
    }

    /// CPU time the server has used so far, user and system (Linux: `/proc/PID/stat`). With a
    /// `launcher`, only when it becomes the server (as `prlimit` does: it execs the command).
    var cpuSeconds: Double {
        get throws {
            let stat = try String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)
            // Fields after the command name (in parentheses, which may hold spaces): utime, stime are 14th and 15th.
            let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
            guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
                throw ServerError.exited("unreadable /proc stat: \(stat)")
            }
            return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
        }
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

/// A browser's worth of HTTP: keeps its cookies (CSRF, session) and the forms' token.
struct LiveBrowser: Sendable {
    let client: HTTPClient
    var baseURL: String
    var cookies: [String: String] = [:]
    var token = ""

    /// What the browser sends in `Cookie`.
    var cookie: String { cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }

    /// The account process tests sign in as: the first supervisor, made through the set-up link the
    /// server logged, or signed in when it exists already (a restarted server, a second instance).
    static let username = "tess"
    static let password = "process-test-password"

    /// A clerk's browser, signed in, with the new-order form's token.
    static func open(_ baseURL: String, client: HTTPClient) async throws -> LiveBrowser {
        var browser = LiveBrowser(client: client, baseURL: baseURL)
        _ = try await browser.load("/sign-in")
        var signedIn = false
        if let setupToken = ServerProcess.setupToken(for: baseURL) {
            let setUp = try await browser.send(
                "/setup",
                body: "token=\(setupToken)&username=\(username)&password=\(password)&passwordConfirmation=\(password)&loadSamples=on")
            signedIn = setUp.status == 303
        }
        if !signedIn {
            let signIn = try await browser.send("/sign-in", body: "username=\(username)&password=\(password)")
            guard signIn.status == 303 else { throw SignInFailed(status: signIn.status, body: signIn.body) }
        }
        _ = try await browser.load("/drafts")
        return browser
    }

    /// How long a request may take before the test calls it hung. A debug build on a loaded machine
    /// (the MultiInstance tests' 200 placings of six requests each, beside other builds) took over
    /// 10 s for one; a hang is what is tested for, not speed (speed is `scripts/bench`'s).
    static let patience: TimeAmount = .seconds(60)

    struct SignInFailed: Error {
        var status: UInt
        var body: String
    }

    /// GETs `path`, keeping its cookies and its form's token.
    mutating func load(_ path: String) async throws -> (status: UInt, body: String) {
        var request = HTTPClientRequest(url: baseURL + path)
        request.headers.add(name: "Cookie", value: cookie)
        let response = try await client.execute(request, timeout: Self.patience)
        keepCookies(response.headers["set-cookie"])
        let body = String(buffer: try await response.body.collect(upTo: 1 << 20))
        if let range = body.range(of: #"name="_csrf" value=""#) {
            token = String(body[range.upperBound...].prefix { $0 != "\"" })
        }
        return (response.status.code, body)
    }

    /// POSTs a form body (with the token), keeping the cookies the response sets.
    mutating func send(_ path: String, body: String) async throws -> (status: UInt, body: String) {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "Cookie", value: cookie)
        request.body = .bytes(ByteBuffer(string: body + "&_csrf=\(token)"))
        let response = try await client.execute(request, timeout: Self.patience)
        keepCookies(response.headers["set-cookie"])
        return (response.status.code, String(buffer: try await response.body.collect(upTo: 1 << 20)))
    }

    private mutating func keepCookies(_ setCookies: [String]) {
        for setCookie in setCookies {
            let pair = setCookie.split(separator: ";")[0]
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals]), value = String(pair[pair.index(after: equals)...])
            if name.hasSuffix(Flash.cookieName) { continue }
            if value.isEmpty { cookies[name] = nil } else { cookies[name] = value }
        }
    }

    /// The same browser (its cookie and token), talking to another instance.
    func talking(to baseURL: String) -> LiveBrowser {
        var browser = self
        browser.baseURL = baseURL
        return browser
    }

    /// GETs a page with the browser's cookie (and `extraCookie`, e.g. a redirect's flash).
    func get(_ path: String, extraCookie: String? = nil) async throws -> (status: UInt, body: String) {
        var request = HTTPClientRequest(url: baseURL + path)
        request.headers.add(name: "Cookie", value: ([cookie] + (extraCookie.map { [$0] } ?? [])).joined(separator: "; "))
        let response = try await client.execute(request, timeout: Self.patience)
        return (response.status.code, String(buffer: try await response.body.collect(upTo: 1 << 20)))
    }

    /// Posts an order's edit form (`/orders/{id}`); returns the status, the one-time message cookie
    /// (`name=value`) a redirect set, and the body.
    func postForm(_ path: String, fields: CreateOrder.OrderFormFields) async throws -> Posted {
        try await post(path, body: Seeds.formBody(fields))
    }

    /// What a POST answered: its status, where it redirects, the one-time message cookie
    /// (`name=value`) it set, and the body.
    struct Posted: Sendable {
        var status: UInt
        var location: String
        var flashCookie: String?
        var body: String
    }

    private func post(_ path: String, body: String) async throws -> Posted {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "Cookie", value: cookie)
        request.body = .bytes(ByteBuffer(string: (body.isEmpty ? "" : body + "&") + "_csrf=\(token)"))
        let response = try await client.execute(request, timeout: Self.patience)
        let flash = response.headers["set-cookie"].first { $0.hasPrefix("\(Flash.cookieName)=") }
        return Posted(
            status: response.status.code, location: response.headers["location"].first ?? "",
            flashCookie: flash.map { String($0.split(separator: ";")[0]) },
            body: String(buffer: try await response.body.collect(upTo: 1 << 20)))
    }

    /// The SKU every placed order of the process tests holds: a tea of the sample catalog (loaded
    /// by the set-up page, `open`), whose stock is not tracked, so no placing runs short.
    static let placedSKU = "TEA-EARL"

    /// A draft whose check page allowed placing it: where it is, the version the page showed and
    /// the page's one-time key.
    struct CheckedDraft: Sendable {
        var path: String
        var version: String
        var key: String
    }

    /// A draft as a clerk fills it: starts one, saves its caller and delivery (`fields`' own, never
    /// the card), adds one of `sku`, and reads its check page (a possible duplicate accepted: the
    /// tests place one caller many times). A step that is refused ends there, with its answer.
    func checkedDraft(fields: CreateOrder.OrderFormFields, sku: String = placedSKU) async throws -> Result<CheckedDraft, Refused> {
        let started = try await post("/drafts", body: "")
        guard started.status == 303, started.location.hasPrefix("/drafts/") else { return .failure(Refused(posted: started)) }
        let draft = started.location
        var sections = fields  // a draft's sections never carry the card
        sections.paymentMethodCreditCardNumber = ""
        sections.paymentMethodExpirationDate = ""
        sections.paymentMethodCVV = ""
        let form = Seeds.formBody(sections)
        for (section, body) in [("caller", form), ("delivery", form), ("lines", "sku=\(sku)&quantity=1")] {
            let saved = try await post("\(draft)/\(section)", body: body)
            guard saved.status == 303 else { return .failure(Refused(posted: saved)) }
        }
        let check = try await get("\(draft)/check?duplicate=accepted")
        guard let version = Self.hiddenValue("version", in: check.body), let key = Self.hiddenValue("orderKey", in: check.body) else {
            return .failure(Refused(posted: Posted(status: check.status, location: "", flashCookie: nil, body: check.body)))
        }
        return .success(CheckedDraft(path: draft, version: version, key: key))
    }

    /// What refused a step of `checkedDraft`.
    struct Refused: Error {
        var posted: Posted
    }

    /// Places a checked draft with `fields`' card; returns the answer and the new order's id.
    func place(_ draft: CheckedDraft, fields: CreateOrder.OrderFormFields) async throws -> (posted: Posted, orderID: String?) {
        func encoded(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "" }
        let placed = try await post(
            "\(draft.path)/place",
            body: "paymentMethodCreditCardNumber=\(encoded(fields.paymentMethodCreditCardNumber))"
                + "&paymentMethodExpirationDate=\(encoded(fields.paymentMethodExpirationDate))"
                + "&paymentMethodCVV=\(encoded(fields.paymentMethodCVV))&version=\(draft.version)&orderKey=\(draft.key)"
                + "&placeDuplicateAnyway=on")
        // A placing goes on to the new order's page, `/orders/7`, passing its confirmation.
        let id = placed.status == 303 && placed.location.hasPrefix("/orders/") ? String(placed.location.dropFirst("/orders/".count)) : nil
        return (placed, id)
    }

    /// Takes an order as a clerk does, draft first (`checkedDraft`, then `place`). Returns the
    /// placing's answer and the new order's id; a step that is refused ends there, with its answer.
    func placeOrderForm(fields: CreateOrder.OrderFormFields) async throws -> (posted: Posted, orderID: String?) {
        switch try await checkedDraft(fields: fields) {
        case .success(let draft): return try await place(draft, fields: fields)
        case .failure(let refused): return (refused.posted, nil)
        }
    }

    /// Places an order (`placeOrderForm`); returns the placing's status and the new order's id.
    func placeOrder(fields: CreateOrder.OrderFormFields = Seeds.validFormFields) async throws -> (status: UInt, orderID: String?) {
        let result = try await placeOrderForm(fields: fields)
        return (result.posted.status, result.orderID)
    }

    /// The value of a page's hidden field `name`.
    static func hiddenValue(_ name: String, in html: String) -> String? {
        guard let range = html.range(of: #"<input type="hidden" name="\#(name)" value=""#) else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" })
    }
}
