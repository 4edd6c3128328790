import Hummingbird

extension Response {
    /// An HTML page (`text/html; charset=utf-8`).
    static func html(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html))
        )
    }

    /// 303 See Other: the Post/Redirect/Get step after a form post.
    static func seeOther(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }
}
