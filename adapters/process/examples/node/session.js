'use strict';
// Documents that travel once per session (capability "documents" of
// PROTOCOL.md): the harness sends each document once, in a "documents"
// message, under a ref it chose; a request then lists the refs of its
// documents in "documents" and carries `"documents": null` itself.
//
// Keep this file as it is in your own implementation: it only stores
// documents and puts them back into requests.

class Documents {
  constructor() {
    this.byRef = new Map();
  }

  // apply stores and drops what a "documents" message says (no answer).
  apply(msg) {
    for (const ref of msg.drop || []) this.byRef.delete(ref);
    for (const d of msg.add || []) {
      const doc = { id: d.id, body: d.body };
      if (d.kind !== undefined) doc.kind = d.kind;
      this.byRef.set(d.ref, doc);
    }
  }

  // fill puts the documents named by a request or bench message's refs into
  // its request object, in order. An unknown ref is the harness's mistake:
  // it throws, and the caller answers an error of kind "internal".
  fill(msg) {
    if (!Array.isArray(msg.documents) || !msg.request) return;
    msg.request.documents = msg.documents.map((ref) => {
      const d = this.byRef.get(ref);
      if (!d) throw new Error(`no document was sent under ref ${JSON.stringify(ref)}`);
      return d;
    });
  }
}

module.exports = { Documents };
