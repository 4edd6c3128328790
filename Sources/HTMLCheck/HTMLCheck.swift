import CLibXML2

/// Structural checks for the project's polyglot HTML5 pages.
///
/// Pages are parsed with libxml2's *XML* parser, so anything that is not well-formed XML
/// (unclosed elements, unquoted attributes, named entities other than the XML five, ...)
/// is reported. Well-formed pages are then checked with XPath for duplicate ids, labels,
/// ARIA references, in-page links, headings and forms.
public enum HTMLCheck {
    /// Parses `html` with libxml2's XML parser (not its HTML parser) and checks its structure with XPath.
    /// Returns human-readable findings; an empty array means the page passed.
    public static func findings(in html: String) -> [String] {
        _ = libxml2Initialized

        guard let parser = xmlNewParserCtxt() else {
            return ["libxml2 could not allocate a parser context"]
        }
        defer { xmlFreeParserCtxt(parser) }

        let length = html.utf8.count
        guard length <= Int(Int32.max) else {
            return ["Page is too large to parse (\(length) bytes)"]
        }
        // No XML_PARSE_RECOVER: a broken document comes back as nil.
        let options = Int32(bitPattern:
            XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        // Without recovery libxml2 keeps scanning after the first error and each later error
        // overwrites the context's last error (an unclosed <div> ends up reported as
        // "Premature end of data in tag html" at the end of the file). A per-parser structured
        // error callback (not the global handler) keeps the first error instead.
        let firstError = FirstParseError()
        parser.pointee._private = Unmanaged.passUnretained(firstError).toOpaque()
        parser.pointee.sax.pointee.serror = { userData, error in
            // libxml2 passes ctxt->userData, which for the default SAX2 handler is the parser context.
            guard let userData, let error else { return }
            let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            guard let box = context.pointee._private else { return }
            Unmanaged<FirstParseError>.fromOpaque(box).takeUnretainedValue().record(error)
        }
        let parsed = withExtendedLifetime(firstError) {
            html.withCString { bytes in
                xmlCtxtReadMemory(parser, bytes, Int32(length), nil, "UTF-8", options)
            }
        }
        parser.pointee._private = nil
        // Declared after the parser's defer, so the document is freed first.
        defer { if let parsed { xmlFreeDoc(parsed) } }

        guard let doc = parsed, parser.pointee.wellFormed != 0, parser.pointee.nsWellFormed != 0 else {
            return [firstError.finding ?? parseErrorFinding(parser)]
        }

        guard let xpathContext = xmlXPathNewContext(doc) else {
            return ["libxml2 could not allocate an XPath context"]
        }
        defer { xmlXPathFreeContext(xpathContext) }

        return Checker(doc: doc, xpath: XPath(context: xpathContext)).run()
    }

    /// libxml2 wants `xmlInitParser()` to run once before it is used from several threads
    /// (tests may render and check pages concurrently). Swift runs this initializer exactly once.
    private static let libxml2Initialized: Void = { xmlInitParser() }()

    /// Fallback when no error reached the callback: the context's last error.
    private static func parseErrorFinding(_ parser: xmlParserCtxtPtr) -> String {
        guard let error = xmlCtxtGetLastError(UnsafeMutableRawPointer(parser)),
              error.pointee.code != 0
        else {
            return "Not well-formed XML: libxml2 could not parse the page (no error details available)"
        }
        return wellFormednessFinding(error.pointee)
    }

    fileprivate static func wellFormednessFinding(_ error: xmlError) -> String {
        var message = error.message.map { String(cString: $0) } ?? "unknown error"
        while let last = message.last, last.isWhitespace { message.removeLast() }
        return "Not well-formed XML at line \(error.line), column \(error.int2): \(message)"
    }
}

/// Holds the first error (not warning) libxml2 reports while parsing one page.
private final class FirstParseError {
    private(set) var finding: String?

    func record(_ error: xmlErrorPtr) {
        guard finding == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        finding = HTMLCheck.wellFormednessFinding(error.pointee)
    }
}

// MARK: - Checks

private struct Checker {
    let doc: xmlDocPtr
    let xpath: XPath

    private static let labelableControls: Set<String> = ["input", "select", "textarea"]
    private static let unlabelledInputTypes: Set<String> = ["hidden", "submit", "button", "reset", "image"]

    func run() -> [String] {
        var findings: [String] = []
        if let root = xmlDocGetRootElement(doc), let ns = root.pointee.ns, let href = ns.pointee.href {
            // Elements in a namespace are invisible to the unprefixed XPath below, which would
            // make every other check silently pass.
            findings.append("Root <\(name(of: root))> is in namespace \"\(String(cString: href))\"; "
                + "polyglot pages here must not declare xmlns, and the structural checks cannot run")
            return findings
        }

        // Every element that has an id, keyed by id (first occurrence wins), plus duplicates.
        var elementsByID: [String: xmlNodePtr] = [:]
        var idCounts: [String: Int] = [:]
        var idOrder: [String] = []
        for element in xpath.nodes("//*[@id]") {
            guard let id = attribute("id", of: element) else { continue }
            if idCounts[id] == nil {
                idOrder.append(id)
                elementsByID[id] = element
            }
            idCounts[id, default: 0] += 1
        }

        // 2. Unique ids.
        for id in idOrder {
            if let count = idCounts[id], count > 1 {
                findings.append("Duplicate id \"\(id)\" is used by \(count) elements")
            }
        }

        // 3. label[@for] targets an existing input, select or textarea.
        var labelTargets: Set<String> = []
        for label in xpath.nodes("//label[@for]") {
            guard let target = attribute("for", of: label) else { continue }
            labelTargets.insert(target)
            if let element = elementsByID[target] {
                let elementName = name(of: element)
                if !Self.labelableControls.contains(elementName) {
                    findings.append("<label for=\"\(target)\"> points at a <\(elementName)>, "
                        + "not an input, select or textarea")
                }
            } else {
                findings.append("<label for=\"\(target)\"> names no element with id \"\(target)\"")
            }
        }

        // 4. Every visible control has a label.
        for control in xpath.nodes("//input | //select | //textarea") {
            let controlName = name(of: control)
            if controlName == "input" {
                let type = (attribute("type", of: control) ?? "text").lowercased()
                if Self.unlabelledInputTypes.contains(type) { continue }
            }
            if let id = attribute("id", of: control), !id.isEmpty, labelTargets.contains(id) { continue }
            if hasAncestor(named: "label", control) { continue }
            findings.append("\(describe(control)) has no label "
                + "(no <label for> matching its id and no enclosing <label>)")
        }

        // 5. aria-describedby references existing ids.
        for element in xpath.nodes("//*[@aria-describedby]") {
            let value = attribute("aria-describedby", of: element) ?? ""
            for reference in value.split(whereSeparator: \.isWhitespace).map(String.init)
            where elementsByID[reference] == nil {
                findings.append("aria-describedby on \(describe(element)) names missing id \"\(reference)\"")
            }
        }

        // 6. In-page links point at existing ids.
        for href in xpath.strings("//@href") where href.hasPrefix("#") && href != "#" {
            let target = String(href.dropFirst())
            if elementsByID[target] == nil {
                findings.append("Link href=\"\(href)\" points at no element with id \"\(target)\"")
            }
        }

        // 7. Exactly one h1.
        let h1Count = xpath.count("count(//h1)")
        if h1Count != 1 {
            findings.append("Expected exactly one <h1>, found \(h1Count)")
        }

        // 8. Forms have a method and an action.
        for (index, form) in xpath.nodes("//form").enumerated() {
            for requiredAttribute in ["method", "action"] {
                let value = attribute(requiredAttribute, of: form) ?? ""
                if value.allSatisfy(\.isWhitespace) {
                    findings.append("Form #\(index + 1)\(formLabel(form)) has no \(requiredAttribute)")
                }
            }
        }

        return findings
    }

    // MARK: Node helpers

    private func name(of node: xmlNodePtr) -> String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    /// The value of an attribute, or nil when the element does not have it.
    private func attribute(_ attributeName: String, of node: xmlNodePtr) -> String? {
        guard let value = xmlGetProp(node, attributeName) else { return nil }
        defer { clibxml2_free(value) }
        return String(cString: value)
    }

    private func hasAncestor(named ancestorName: String, _ node: xmlNodePtr) -> Bool {
        var current = node.pointee.parent
        while let parent = current, parent.pointee.type == XML_ELEMENT_NODE {
            if name(of: parent) == ancestorName { return true }
            current = parent.pointee.parent
        }
        return false
    }

    /// `<input type="email" name="email">`-style description naming the element by name or id.
    private func describe(_ node: xmlNodePtr) -> String {
        let elementName = name(of: node)
        var parts = [elementName]
        if elementName == "input" {
            parts.append("type=\"\(attribute("type", of: node) ?? "text")\"")
        }
        if let name = attribute("name", of: node), !name.isEmpty {
            parts.append("name=\"\(name)\"")
        } else if let id = attribute("id", of: node), !id.isEmpty {
            parts.append("id=\"\(id)\"")
        } else {
            return "<" + parts.joined(separator: " ") + "> on line \(xmlGetLineNo(node)) (no name or id)"
        }
        return "<" + parts.joined(separator: " ") + ">"
    }

    private func formLabel(_ form: xmlNodePtr) -> String {
        if let id = attribute("id", of: form), !id.isEmpty { return " (id=\"\(id)\")" }
        if let action = attribute("action", of: form), !action.allSatisfy(\.isWhitespace) {
            return " (action=\"\(action)\")"
        }
        return " (line \(xmlGetLineNo(form)))"
    }
}

// MARK: - XPath

/// Thin wrapper over an XPath context. Node pointers it returns stay valid for as long as the
/// document lives (freeing an XPath object does not free the nodes it selected).
private struct XPath {
    let context: xmlXPathContextPtr

    /// Runs `expression` and hands its result to `body`, freeing the result afterwards.
    private func evaluate<T>(_ expression: String, _ body: (xmlXPathObjectPtr?) -> T) -> T {
        let result = xmlXPathEvalExpression(expression, context)
        defer { if let result { xmlXPathFreeObject(result) } }
        return body(result)
    }

    /// The nodes selected by a node-set expression, in document order.
    func nodes(_ expression: String) -> [xmlNodePtr] {
        evaluate(expression) { result in
            guard let result, result.pointee.type == XPATH_NODESET,
                  let set = result.pointee.nodesetval, let table = set.pointee.nodeTab
            else { return [] }
            return (0..<Int(set.pointee.nodeNr)).compactMap { table[$0] }
        }
    }

    /// The string values of the nodes selected (for attribute nodes, the attribute value).
    func strings(_ expression: String) -> [String] {
        nodes(expression).map { node in
            guard let content = xmlNodeGetContent(node) else { return "" }
            defer { clibxml2_free(content) }
            return String(cString: content)
        }
    }

    /// The value of a numeric expression such as `count(//h1)`.
    func count(_ expression: String) -> Int {
        evaluate(expression) { result in
            guard let result, result.pointee.type == XPATH_NUMBER else { return 0 }
            let value = result.pointee.floatval
            return value.isFinite ? Int(value) : 0
        }
    }
}
