#pragma once
// The element tags of an XML document as a flat list (modelDescription.xml of an imported FMU):
// names, attributes with their entities decoded, and nesting depth. Comments, processing
// instructions, the document type and character data are skipped; a document that is not
// well-formed (a tag left open, a closing tag that does not match, an unquoted attribute) is
// refused with the line it fails on. Enough for the attributes FMI puts everything in.
#include <string>
#include <utility>
#include <vector>

namespace drivelab {

/// one start (or empty-element) tag
struct XmlTag {
    std::string name;                                       ///< element name
    std::vector<std::pair<std::string, std::string>> attrs; ///< attributes in document order, values decoded
    int depth = 0;                                          ///< 0 for the root element
    int parent = -1;                                        ///< index of the enclosing tag, -1 for the root

    /// an attribute's value, or null
    const std::string* attr(const std::string& key) const;
};

/// every start tag of `xml` in document order; false with `error` when it is not well-formed
bool scanXml(const std::string& xml, std::vector<XmlTag>& tags, std::string& error);

} // namespace drivelab
