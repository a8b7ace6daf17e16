#include "document/edit_command.h"

#include "document/project_document.h"

namespace fleet::gui {

EditCommand::EditCommand(ProjectDocument* document, Project before, Project after,
                         const QString& text, int mergeKey, int interaction)
    : QUndoCommand(text), m_document(document), m_before(std::move(before)),
      m_after(std::move(after)), m_mergeKey(mergeKey), m_interaction(interaction)
{}

void EditCommand::undo()
{
    m_document->setProject(m_before);
}

void EditCommand::redo()
{
    m_document->setProject(m_after); // also on push: the stack applies the edit
}

bool EditCommand::mergeWith(const QUndoCommand* other)
{
    const auto* next = static_cast<const EditCommand*>(other);
    if (m_mergeKey < 0 || next->m_mergeKey != m_mergeKey || next->m_interaction != m_interaction)
        return false;
    m_after = next->m_after; // keeps the first step's `before`
    return true;
}

} // namespace fleet::gui
