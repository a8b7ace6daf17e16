#include "document/edit_command.h"

#include "document/project_document.h"

namespace fleet::gui {

EditCommand::EditCommand(ProjectDocument* document, Project before, Project after,
                         const QString& text, ProjectChange change, int mergeKey, int interaction)
    : QUndoCommand(text), m_document(document), m_before(std::move(before)),
      m_after(std::move(after)), m_change(std::move(change)), m_mergeKey(mergeKey),
      m_interaction(interaction)
{}

void EditCommand::undo()
{
    m_document->setProject(m_before, m_change);
}

void EditCommand::redo()
{
    m_document->setProject(m_after, m_change); // also on push: the stack applies the edit
}

bool EditCommand::mergeWith(const QUndoCommand* other)
{
    const auto* next = static_cast<const EditCommand*>(other);
    if (m_mergeKey < 0 || next->m_mergeKey != m_mergeKey || next->m_interaction != m_interaction)
        return false;
    m_after = next->m_after; // keeps the first step's `before`
    const bool sameRow = m_change.scope == ProjectChange::Scope::Row &&
                         next->m_change.scope == ProjectChange::Scope::Row &&
                         m_change.list == next->m_change.list && m_change.row == next->m_change.row;
    if (!sameRow)
        m_change = {};
    return true;
}

} // namespace fleet::gui
